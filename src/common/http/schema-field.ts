/**
 * A DTO property whose value a zod schema describes (ADR 0040): the render contract writes the shape of the request
 * once, as schemas (`src/modules/contract`), and the HTTP layer validates and documents it from there.
 *
 * - Validation: the schema checks the value inside class-validator's pass (constraint `schema:<Component>`), and
 *   `toValidationIssues` turns the schema's issues into the one issue shape, with full paths and the same codes and
 *   words as class-validator's own constraints (`camera.tilt`, `too_big`, "tilt must not be greater than 85").
 * - OpenAPI: the schema becomes the named component the property refers to (`schemaComponents`, added by the document
 *   builder), so that the SDKs' generated types keep their names.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { z } from 'zod';
import type { ValidationIssue } from '../errors';

/** The schemas the OpenAPI document shows as components, by component name. */
const COMPONENTS = new Map<string, z.ZodType>();
/** class-validator constraint name → the schema it checks. */
const CONSTRAINTS = new Map<string, z.ZodType>();

const CONSTRAINT_PREFIX = 'schema:';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The object without its fields sent as `null`: an optional field sent as null counts as not sent, as it did when
 * class-validator's `@IsOptional` checked these fields (and as JSON encoders send Python's `None` or Go's `nil`). The
 * request's schemas hold no objects inside their objects, so one level is all there is.
 */
function withoutNullFields(value: Record<string, unknown>): Record<string, unknown> {
  return Object.values(value).includes(null) ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) : value;
}

/**
 * The property is checked against `schema` and documented as the component `component` (a `$ref`). A value that is
 * not an object is left to the property's own `@IsObject` (whose message shows the shape expected).
 *
 * `property`: what the property's own entry in the document says beside the reference (its `description`, an
 * `example` of the whole object). A property that takes more than the object (`false` or the object) writes its own
 * `oneOf`, naming the component with `getSchemaPath(component)`; it then replaces the plain reference.
 */
export function SchemaField(schema: z.ZodType, component: string, property: ApiPropertyOptions = {}): PropertyDecorator {
  const constraint = `${CONSTRAINT_PREFIX}${component}`;
  COMPONENTS.set(component, schema);
  CONSTRAINTS.set(constraint, schema);
  const reference = 'oneOf' in property ? {} : { allOf: [{ $ref: `#/components/schemas/${component}` }] };
  return applyDecorators(
    ApiPropertyOptional({ ...reference, ...property } as ApiPropertyOptions),
    ValidateBy({
      name: constraint,
      validator: {
        // The DTO keeps the object without its null fields, which is what the parse then reads.
        validate: (value: unknown, args?: ValidationArguments) => {
          if (!isPlainObject(value)) return true;
          const sent = withoutNullFields(value);
          if (args && sent !== value) (args.object as Record<string, unknown>)[args.property] = sent;
          return schema.safeParse(sent).success;
        },
        defaultMessage: () => 'is invalid',
      },
    }),
  );
}

/**
 * The issues of a failed `SchemaField` constraint at `field` (its full path), or undefined when `constraint` is not one.
 * `limit` bounds how many are returned.
 */
export function schemaFieldIssues(constraint: string, value: unknown, field: string, limit: number): ValidationIssue[] | undefined {
  const schema = CONSTRAINTS.get(constraint);
  if (!schema) return undefined;
  const sent = isPlainObject(value) ? withoutNullFields(value) : value;
  const outcome = schema.safeParse(sent);
  if (outcome.success) return [];
  return unknownKeysFirst(outcome.error.issues)
    .flatMap((issue) => issuesOf(issue, field, schemaAt(schema, issue.path), valueAt(sent, issue.path)))
    .slice(0, limit);
}

/**
 * The issues in class-validator's order: an object's unknown keys before the issues of its fields (zod lists them
 * after).
 */
function unknownKeysFirst(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const ordered: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    const under = (other: z.core.$ZodIssue) => issue.path.every((segment, i) => other.path[i] === segment);
    const at = issue.code === 'unrecognized_keys' ? ordered.findIndex(under) : -1;
    if (at === -1) ordered.push(issue);
    else ordered.splice(at, 0, issue);
  }
  return ordered;
}

/** The schema of the value at `path` (as declared: optional or defaulted), or undefined where a path cannot tell. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (let i = 0; ; i++) {
    if (!node || i === path.length) return node;
    node = unwrapped(node);
    const segment = path[i];
    if (node.def.type === 'object' && typeof segment === 'string') node = (node as z.ZodObject).shape[segment] as z.ZodType | undefined;
    else if (node.def.type === 'array' && typeof segment === 'number') node = (node as z.ZodArray).element as z.ZodType;
    else return undefined;
  }
}

/** The OpenAPI components of every `SchemaField`, as JSON Schema (2020-12, OpenAPI 3.1's dialect) of the input. */
export function schemaComponents(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    [...COMPONENTS].map(([name, schema]) => {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
      return [name, withoutSafeIntegerBounds(json)];
    }),
  );
}

/** zod states an integer's bounds as ±2^53-1 when it has none: the document states none. */
function withoutSafeIntegerBounds(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'maximum' || key === 'minimum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = Array.isArray(value)
      ? value.map((item: unknown) => (isPlainObject(item) ? withoutSafeIntegerBounds(item) : item))
      : isPlainObject(value)
        ? withoutSafeIntegerBounds(value)
        : value;
  }
  return out;
}

/** An optional or defaulted schema's own (inner) schema. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let node = schema;
  while (node.def.type === 'optional' || node.def.type === 'default') node = (node as z.ZodOptional).unwrap() as z.ZodType;
  return node;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (at, segment) => (isPlainObject(at) || Array.isArray(at) ? (at as Record<PropertyKey, unknown>)[segment] : undefined),
    value,
  );
}

function joinPath(parent: string, segment: PropertyKey): string {
  return typeof segment === 'number' ? `${parent}[${segment}]` : `${parent}.${String(segment)}`;
}

/**
 * One schema issue in the issue shape, in class-validator's codes and words (`common/http/validation.ts`). `schema` is
 * the schema of the value the issue is about, when known.
 */
function issuesOf(issue: z.core.$ZodIssue, parent: string, declared: z.ZodType | undefined, value: unknown): ValidationIssue[] {
  const field = issue.path.reduce<string>(joinPath, parent);
  const name = String(issue.path.at(-1) ?? parent.split('.').at(-1));
  const schema = declared && unwrapped(declared);
  // A string with both bounds is class-validator's `@Length(min, max)`: one code, `invalid_length`.
  const lengthBetween = schema?.def.type === 'string' && lengthBounds(schema as z.ZodString) !== undefined;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ field: joinPath(field, key), code: 'unrecognized_field', message: `${key} should not exist` }));
    case 'too_big':
      return [
        issue.origin === 'string' && lengthBetween
          ? { field, code: 'invalid_length', message: `${name} must be shorter than or equal to ${Number(issue.maximum)} characters` }
          : issue.origin === 'string'
            ? { field, code: 'too_long', message: `${name} must be shorter than or equal to ${Number(issue.maximum)} characters` }
            : { field, code: 'too_big', message: `${name} must not be greater than ${Number(issue.maximum)}` },
      ];
    case 'too_small':
      return [
        issue.origin === 'string' && lengthBetween
          ? { field, code: 'invalid_length', message: `${name} must be longer than or equal to ${Number(issue.minimum)} characters` }
          : issue.origin === 'string'
            ? { field, code: 'too_short', message: `${name} must be longer than or equal to ${Number(issue.minimum)} characters` }
            : { field, code: 'too_small', message: `${name} must not be less than ${Number(issue.minimum)}` },
      ];
    // A pattern's own message is written for people (the schema gives it): `color must be #rrggbb`.
    case 'invalid_format':
      return [{ field, code: 'invalid_format', message: issue.message }];
    case 'invalid_value':
      return [
        {
          field,
          code: 'invalid_enum_value',
          message: `${name} must be one of the following values: ${issue.values.map(String).join(', ')}`,
        },
      ];
    case 'invalid_type':
      // A required field that is missing (or null: class-validator's `@IsDefined`), reported once.
      if (value === undefined || (value === null && declared?.def.type !== 'optional' && declared?.def.type !== 'default')) {
        return [{ field, code: 'required', message: `${name} should not be null or undefined` }];
      }
      return [...boundsOfWrongType(schema, field, name), { field, code: 'invalid_type', message: typeMessage(name, issue.expected) }];
    // A union's or a refinement's own message is written for people (the schema gives it).
    default:
      return [{ field, code: 'invalid_type', message: issue.message }];
  }
}

/**
 * class-validator checks a value of the wrong type against every rule of its field, and a number's bounds fail too
 * (`"steep"` is not less than 3): it lists them before the type, and so does the bridge.
 */
function boundsOfWrongType(schema: z.ZodType | undefined, field: string, name: string): ValidationIssue[] {
  if (schema?.def.type === 'string') return lengthsOfWrongType(schema as z.ZodString, field, name);
  if (schema?.def.type !== 'number') return [];
  const { minValue, maxValue } = schema as z.ZodNumber;
  return [
    ...(isBound(maxValue) ? [{ field, code: 'too_big', message: `${name} must not be greater than ${maxValue}` }] : []),
    ...(isBound(minValue) ? [{ field, code: 'too_small', message: `${name} must not be less than ${minValue}` }] : []),
  ];
}

/** A string's length rules, as class-validator words them for a value that is no string. */
function lengthsOfWrongType(schema: z.ZodString, field: string, name: string): ValidationIssue[] {
  const between = lengthBounds(schema);
  if (between) {
    const message = `${name} must be longer than or equal to ${between.min} and shorter than or equal to ${between.max} characters`;
    return [{ field, code: 'invalid_length', message }];
  }
  const { minLength, maxLength } = schema;
  return [
    ...patternsOf(schema).map((message) => ({ field, code: 'invalid_format', message })),
    ...(maxLength !== null
      ? [{ field, code: 'too_long', message: `${name} must be shorter than or equal to ${maxLength} characters` }]
      : []),
    ...(minLength !== null
      ? [{ field, code: 'too_short', message: `${name} must be longer than or equal to ${minLength} characters` }]
      : []),
  ];
}

/** The messages of a string's patterns (`.regex(pattern, { error })`, each written for people). */
function patternsOf(schema: z.ZodString): string[] {
  return (schema.def.checks ?? []).flatMap((check) => {
    const def = check._zod.def as { check: string; format?: string; error?: (issue: object) => unknown };
    if (def.check !== 'string_format' || def.format !== 'regex') return [];
    const message = def.error?.({});
    return typeof message === 'string' ? [message] : [];
  });
}

/** A string's least and greatest length, when it has both. */
function lengthBounds(schema: z.ZodString): { min: number; max: number } | undefined {
  const { minLength, maxLength } = schema;
  return minLength !== null && maxLength !== null ? { min: minLength, max: maxLength } : undefined;
}

/** zod reports ±Number.MAX_SAFE_INTEGER (an integer's) or ±Infinity for a number without a bound of its own. */
function isBound(value: number | null): value is number {
  return value !== null && Math.abs(value) < Number.MAX_SAFE_INTEGER;
}

function typeMessage(name: string, expected: string): string {
  if (expected === 'number' || expected === 'int') return `${name} must be a number conforming to the specified constraints`;
  if (expected === 'boolean') return `${name} must be a boolean value`;
  if (expected === 'object') return `${name} must be an object`;
  if (expected === 'array') return `${name} must be an array`;
  return `${name} must be a ${expected}`;
}
