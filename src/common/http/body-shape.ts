/**
 * Bounds on a request body's shape, checked right after it is parsed and before anything walks it recursively
 * (validation, the whitelist's prototype-key stripping, normalisation): a body nested thousands deep overflowed
 * the stack there (a 500), and a list of 100,000 items cost seconds of validation before its size was refused.
 * No request of the contract comes near either bound: its deepest body nests 6 levels, its longest list is 250.
 */
import type { ValidationIssue } from '../errors';

export const MAX_BODY_DEPTH = 32;
export const MAX_LIST_ITEMS = 1000;

/** The first place the body breaks a bound, as a validation issue; undefined when it keeps within them. Iterative. */
export function bodyShapeIssue(body: unknown): ValidationIssue | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const field = path || '(body)';
    if (depth >= MAX_BODY_DEPTH) {
      return { field, code: 'too_deep', message: `${field} nests deeper than ${MAX_BODY_DEPTH} levels; no request field does.` };
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST_ITEMS) {
        return {
          field,
          code: 'too_many_items',
          message: `${field} has ${value.length} items; no list in a request takes more than ${MAX_LIST_ITEMS}.`,
        };
      }
      value.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
    } else {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}
