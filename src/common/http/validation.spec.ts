import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, ValidateNested, ValidationError } from 'class-validator';
import { CommonErrors, MAX_VALIDATION_ISSUES, ValidationFailed, type ValidationIssue } from '../errors';
import { ListMaxSize } from './list-max-size';
import { createValidationPipe, toValidationIssues, validateAs } from './validation';

class ItemDto {
  @IsInt()
  n: number;
}

class ListDto {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items?: ItemDto[];
}

class ShortListDto {
  @IsArray()
  @ListMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items: ItemDto[];
}

const metadata: ArgumentMetadata = { type: 'body', metatype: ListDto };

async function refusal(body: unknown): Promise<ValidationFailed> {
  try {
    await createValidationPipe().transform(body, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return error as ValidationFailed;
  }
  throw new Error('expected a validation error');
}

const issue = (i: number): ValidationIssue => ({ field: `f${i}`, code: 'too_big', message: `f${i} is too big` });

describe('validation errors list at most 50 issues', () => {
  it('lists every issue up to the cap, and says nothing of a cut', () => {
    const error = CommonErrors.validation(Array.from({ length: MAX_VALIDATION_ISSUES }, (_, i) => issue(i)));
    expect(error.issues).toHaveLength(MAX_VALIDATION_ISSUES);
    expect(error.extra).not.toHaveProperty('issues_truncated');
    expect(error.message).toBe(`${MAX_VALIDATION_ISSUES} fields are invalid; see issues.`);
  });

  it('cuts the list past the cap, keeping the first ones, and says so at the top level', () => {
    const error = CommonErrors.validation(
      Array.from({ length: 200 }, (_, i) => issue(i)),
      { tier: 'free' },
    );
    expect(error.issues).toEqual(Array.from({ length: MAX_VALIDATION_ISSUES }, (_, i) => issue(i)));
    expect(error.extra).toEqual({ issues: error.issues, issues_truncated: true, tier: 'free' });
    expect(error.message).toBe(`More than ${MAX_VALIDATION_ISSUES} fields are invalid; issues lists the first ${MAX_VALIDATION_ISSUES}.`);
  });

  it('answers a body of 200 bad fields with the first 50, paths and codes as ever', async () => {
    const error = await refusal({ items: Array.from({ length: 200 }, () => ({ n: 'x' })) });
    expect(error.issues).toHaveLength(MAX_VALIDATION_ISSUES);
    expect(error.issues[0]).toEqual({ field: 'items[0].n', code: 'invalid_type', message: 'n must be an integer number' });
    expect(error.issues[49]).toMatchObject({ field: 'items[49].n', code: 'invalid_type' });
    expect(error.extra).toMatchObject({ issues_truncated: true });
  });

  it('answers a body of 50 bad fields with all of them, untruncated', async () => {
    const error = await refusal({ items: Array.from({ length: 50 }, () => ({ n: 'x' })) });
    expect(error.issues).toHaveLength(50);
    expect(error.extra).not.toHaveProperty('issues_truncated');
  });

  it('stops collecting issues one past the cap, whatever class-validator found', () => {
    const children = Array.from({ length: 10_000 }, (_, i) =>
      Object.assign(new ValidationError(), { property: String(i), constraints: { isInt: 'n must be an integer number' }, children: [] }),
    );
    const root = Object.assign(new ValidationError(), { property: 'items', constraints: {}, children });
    const issues = toValidationIssues([root]);
    expect(issues).toHaveLength(MAX_VALIDATION_ISSUES + 1);
    expect(issues[MAX_VALIDATION_ISSUES]).toMatchObject({ field: `items[${MAX_VALIDATION_ISSUES}]` });
    expect(toValidationIssues([root], '', 3)).toHaveLength(3);
  });
});

describe('validation leaves out what cannot change its answer', () => {
  /** An object that throws when anything reads it: walking, copying or converting it fails the test. */
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('walked');
      },
      ownKeys: () => {
        throw new Error('walked');
      },
    },
  );

  it('does not walk what an unknown field holds: it is refused whatever it holds', async () => {
    const outcome = await validateAs(ListDto, { items: [{ n: 1 }], junk: trap });
    expect(toValidationIssues(outcome.errors!)).toEqual([{ field: 'junk', code: 'unrecognized_field', message: 'junk should not exist' }]);
  });

  it('does not convert a list past one item over its maximum, and refuses it for its length', async () => {
    const items = [...Array.from({ length: 6 }, () => ({ n: 'x' })), ...Array.from({ length: 994 }, () => trap)];
    const outcome = await validateAs(ShortListDto, { items });
    expect(toValidationIssues(outcome.errors!).map((issue) => `${issue.field} ${issue.code}`)).toEqual([
      'items too_many_items',
      ...Array.from({ length: 6 }, (_, i) => `items[${i}].n invalid_type`),
    ]);
    // The body itself is left as it came.
    expect(items).toHaveLength(1000);
  });

  it('validates a body within its bounds as ever', async () => {
    const outcome = await validateAs(ShortListDto, { items: [{ n: 1 }, { n: 2 }] });
    expect(outcome.value).toEqual({ items: [{ n: 1 }, { n: 2 }] });
    expect(outcome.value!.items[0]).toBeInstanceOf(ItemDto);
  });
});
