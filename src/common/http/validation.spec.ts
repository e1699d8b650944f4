import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, ValidateNested, ValidationError } from 'class-validator';
import { CommonErrors, MAX_VALIDATION_ISSUES, ValidationFailed, type ValidationIssue } from '../errors';
import { createValidationPipe, toValidationIssues } from './validation';

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
