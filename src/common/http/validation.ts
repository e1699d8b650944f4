import { type ArgumentMetadata, Type, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { CommonErrors, MAX_VALIDATION_ISSUES, ValidationIssue } from '../errors';
import { listMaxima } from './list-max-size';
import { schemaFieldIssues } from './schema-field';

/**
 * class-validator constraint names → the stable issue codes clients see. Issue codes are
 * lower snake_case (`too_big`, `unknown_place`), with one exception that api-contract §1 fixes
 * verbatim: `DURATION_EXCEEDS_TIER_LIMIT`. (`error_code`s, one level up, are UPPER_SNAKE.)
 */
const ISSUE_CODES: Record<string, string> = {
  whitelistValidation: 'unrecognized_field',
  isDefined: 'required',
  isNotEmpty: 'required',
  min: 'too_small',
  max: 'too_big',
  minLength: 'too_short',
  maxLength: 'too_long',
  isLength: 'invalid_length',
  arrayMinSize: 'too_few_items',
  arrayMaxSize: 'too_many_items',
  arrayUnique: 'duplicate_items',
  isIn: 'invalid_enum_value',
  isEnum: 'invalid_enum_value',
  isInt: 'invalid_type',
  isNumber: 'invalid_type',
  isString: 'invalid_type',
  isBoolean: 'invalid_type',
  isArray: 'invalid_type',
  isObject: 'invalid_type',
  nestedValidation: 'invalid_type',
  isEmail: 'invalid_email',
  isUrl: 'invalid_url',
  matches: 'invalid_format',
  isLatitude: 'invalid_latitude',
  isLongitude: 'invalid_longitude',
  isHexColor: 'invalid_color',
};

/** A constraint without an entry above still gets a snake_case code (`isFoo` → `is_foo`). */
function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Constraints that say "not an object or array"; ValidateNested's own complaint would repeat them. */
const TYPE_CONSTRAINTS = ['isObject', 'isArray'];

function joinPath(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/**
 * Flattens nested class-validator errors into one issue per failed constraint, with full field paths, in order. It
 * stops at `limit` issues (by default one more than a VALIDATION_ERROR lists, enough for it to say it cut the list):
 * a body of thousands of bad fields does not become thousands of issue objects that nobody sees.
 */
export function toValidationIssues(errors: ValidationError[], parent = '', limit = MAX_VALIDATION_ISSUES + 1): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  collectIssues(errors, parent, issues, limit);
  return issues;
}

function collectIssues(errors: ValidationError[], parent: string, issues: ValidationIssue[], limit: number): void {
  for (const error of errors) {
    if (issues.length >= limit) return;
    const field = joinPath(parent, error.property);
    const constraints = Object.entries(error.constraints ?? {});
    // A missing value fails every constraint; report it once, as "required".
    const missing = error.value === undefined && constraints.some(([name]) => name === 'isDefined');
    // A value refused whole (context `refusesValue`, e.g. a field another mode takes): what it holds does not matter.
    const refused = constraints.filter(([name]) => error.contexts?.[name]?.refusesValue === true);
    // A value of the wrong type (`"camera": "cinematic"`) fails isObject and ValidateNested: report it once.
    const wrongType = constraints.some(([name]) => TYPE_CONSTRAINTS.includes(name));
    const reported = missing
      ? constraints.filter(([n]) => n === 'isDefined')
      : refused.length
        ? refused
        : wrongType
          ? constraints.filter(([n]) => n !== 'nestedValidation')
          : constraints;
    for (const [name, message] of reported) {
      if (issues.length >= limit) return;
      // A SchemaField's value: the schema's own issues, each at its full path.
      const fromSchema = schemaFieldIssues(name, error.value, field, limit - issues.length);
      if (fromSchema) {
        issues.push(...fromSchema);
        continue;
      }
      const code = (error.contexts?.[name]?.code as string | undefined) ?? ISSUE_CODES[name] ?? snakeCase(name);
      issues.push({ field, code, message: message.replace(/^property /, '') });
    }
    // Nesting is bounded by the body's shape (body-shape.ts: 32 levels), so this recursion is too.
    if (error.children?.length && !refused.length) collectIssues(error.children, field, issues, limit);
  }
}

/** The rules every request body is validated by: the global pipe's, and `validateAs`'s. */
const PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  validationError: { target: false, value: true },
  stopAtFirstError: false,
};

/** Class → the names of the properties it validates (its own and inherited): any other field of a body is unknown. */
const knownFields = new WeakMap<object, Set<string>>();

function knownFieldsOf(metatype: Type): Set<string> {
  let known = knownFields.get(metatype);
  if (!known) {
    known = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(metatype, '', false, false)
        .map((rule) => rule.propertyName),
    );
    knownFields.set(metatype, known);
  }
  return known;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The body as validation needs it (a shallow copy; the body itself is left as it came): an unknown field is refused
 * whatever it holds, so its value is dropped (null) rather than walked, copied and converted three times over; a list
 * declared with ListMaxSize is cut one item past its maximum. Both at the body's top level, where a 1 MiB body puts its
 * bulk (20,000 values under unknown fields cost 5 to 15 ms of the event loop on any endpoint, contract §27); deeper
 * lists are cut by ListMaxSize itself. What is refused, and how, is unchanged.
 */
function withoutBulk(value: unknown, metatype: Type | undefined): unknown {
  if (!metatype || !isPlainObject(value)) return value;
  const known = knownFieldsOf(metatype);
  if (known.size === 0) return value;
  const maxima = listMaxima(metatype);
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (!known.has(key)) return [key, null];
      const max = maxima.get(key);
      return [key, max !== undefined && Array.isArray(field) && field.length > max + 1 ? field.slice(0, max + 1) : field];
    }),
  );
}

/** Nest's ValidationPipe, given the body without its bulk (`withoutBulk`). */
class BodyValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return super.transform(this.toValidate(metadata) ? withoutBulk(value, metadata.metatype) : value, metadata) as Promise<unknown>;
  }
}

/**
 * Global validation: whitelist + forbidNonWhitelisted (unknown fields are errors), transform into
 * DTO classes, and every problem listed in one 400 VALIDATION_ERROR.
 */
export function createValidationPipe(): ValidationPipe {
  return new BodyValidationPipe({ ...PIPE_OPTIONS, exceptionFactory: (errors) => CommonErrors.validation(toValidationIssues(errors)) });
}

/** Carries class-validator's errors out of the pipe, for callers that look at them before they become issues. */
class Refused {
  constructor(readonly errors: ValidationError[]) {}
}
const collectingPipe = new BodyValidationPipe({ ...PIPE_OPTIONS, exceptionFactory: (errors) => new Refused(errors) });

export type ValidationOutcome<T> = { value: T; errors?: undefined } | { value?: undefined; errors: ValidationError[] };

/**
 * Validates `value` as a body of type `metatype` exactly as the global pipe would (same options,
 * same handling of arrays, primitives and missing bodies), but returns class-validator's errors
 * instead of throwing: for bodies that are assembled before they are validated (a render body
 * merged with its template) or validated in parts (a template's settings), whose issues are
 * combined with others into one VALIDATION_ERROR. `toValidationIssues` turns the errors into issues.
 */
export async function validateAs<T extends object>(metatype: Type<T>, value: unknown): Promise<ValidationOutcome<T>> {
  try {
    return { value: (await collectingPipe.transform(value, { type: 'body', metatype })) as T };
  } catch (err) {
    if (err instanceof Refused) return { errors: err.errors };
    throw err;
  }
}
