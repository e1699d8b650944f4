import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, type ValidationOptions } from 'class-validator';

/** Class → its properties declared with ListMaxSize, and their maximum. */
const maxima = new WeakMap<object, Map<string, number>>();

/**
 * `ArrayMaxSize(max)` for a list of nested objects, whose items past the maximum are not validated: a list of 1,000
 * waypoints where 25 are allowed is refused for its length (`too_many_items`) with the issues of its first 26 items,
 * rather than costing the validation of 1,000 (a 1 MiB body of them held the event loop for 50 to 150 ms, contract
 * §27). The list is cut to `max + 1` items, so the length check still fails: before it is turned into objects when it
 * is a field of the body itself (`listMaxima`, validation.ts), after that when it is nested deeper.
 */
export function ListMaxSize(max: number, options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ArrayMaxSize(max, options),
    Transform(({ value }: { value: unknown }) => (Array.isArray(value) && value.length > max + 1 ? value.slice(0, max + 1) : value), {
      toClassOnly: true,
    }),
    (target: object, property: string | symbol) => {
      const own = maxima.get(target.constructor) ?? new Map<string, number>();
      own.set(String(property), max);
      maxima.set(target.constructor, own);
    },
  );
}

/** The fields of `metatype` (its own and inherited) declared with ListMaxSize, and their maximum. */
export function listMaxima(metatype: object): ReadonlyMap<string, number> {
  const all = new Map<string, number>();
  for (let type: object | null = metatype; type && type !== Function.prototype; type = Object.getPrototypeOf(type) as object | null) {
    for (const [property, max] of maxima.get(type) ?? []) if (!all.has(property)) all.set(property, max);
  }
  return all;
}
