import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, type ValidationOptions } from 'class-validator';

/**
 * `ArrayMaxSize(max)` for a list of nested objects, whose items past the maximum are not validated: a list of 1,000
 * waypoints where 25 are allowed is refused for its length (`too_many_items`) with the issues of its first 26 items,
 * rather than costing the validation of 1,000 (a 1 MiB body of them held the event loop for 50 to 150 ms, contract
 * §27). The list is cut to `max + 1` items when it is turned into objects, so the length check still fails.
 */
export function ListMaxSize(max: number, options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ArrayMaxSize(max, options),
    Transform(({ value }: { value: unknown }) => (Array.isArray(value) && value.length > max + 1 ? value.slice(0, max + 1) : value), {
      toClassOnly: true,
    }),
  );
}
