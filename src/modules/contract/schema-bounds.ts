/** What a form needs to know of a contract schema's fields: their bounds and lengths, read from the schema itself. */
import type { z } from 'zod';

export interface NumberBounds {
  min: number;
  max: number;
}

/** The fields of an object schema whose value is a number. */
export type NumberFieldOf<S extends z.ZodObject> = {
  [K in keyof z.input<S>]-?: NonNullable<z.input<S>[K]> extends number ? K : never;
}[keyof z.input<S>];

/** The bounds of every number field of `schema` (optional and defaulted ones unwrapped); a number without both is refused. */
export function numberBounds<S extends z.ZodObject>(schema: S): Record<NumberFieldOf<S>, NumberBounds> {
  const bounds: Record<string, NumberBounds> = {};
  for (const [field, value] of Object.entries(schema.shape)) {
    let inner = value as z.ZodType;
    while (inner.def.type === 'optional' || inner.def.type === 'default') inner = (inner as z.ZodOptional).unwrap() as z.ZodType;
    if (inner.def.type !== 'number') continue;
    const { minValue, maxValue } = inner as z.ZodNumber;
    if (minValue === null || maxValue === null) throw new Error(`The number field ${field} has no bounds`);
    bounds[field] = { min: minValue, max: maxValue };
  }
  return bounds as Record<NumberFieldOf<S>, NumberBounds>;
}

/** The fields of an object schema whose value is a string. */
export type StringFieldOf<S extends z.ZodObject> = {
  [K in keyof z.input<S>]-?: NonNullable<z.input<S>[K]> extends string ? K : never;
}[keyof z.input<S>];

/** The longest value of every string field of `schema` (optional and defaulted ones unwrapped); a string without one is refused. */
export function maxLengths<S extends z.ZodObject>(schema: S): Record<StringFieldOf<S>, number> {
  const lengths: Record<string, number> = {};
  for (const [field, value] of Object.entries(schema.shape)) {
    let inner = value as z.ZodType;
    while (inner.def.type === 'optional' || inner.def.type === 'default') inner = (inner as z.ZodOptional).unwrap() as z.ZodType;
    if (inner.def.type !== 'string') continue;
    const { maxLength } = inner as z.ZodString;
    if (maxLength === null) throw new Error(`The string field ${field} has no maximum length`);
    lengths[field] = maxLength;
  }
  return lengths as Record<StringFieldOf<S>, number>;
}
