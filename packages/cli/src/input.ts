import { readFileSync } from 'node:fs';
import { UsageError } from './output';

/** Reads a JSON request file (`-` for stdin); a missing file or bad JSON is a usage error, sent nowhere. */
export function readJsonFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`Cannot read ${path}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${path} must hold a JSON object (a request body)`);
  return value as Record<string, unknown>;
}

/** A whole number from the command line, at least `min` (0 for a frame, 1 for a count). */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) throw new UsageError(`Expected a whole number of at least ${min}, got "${value}"`);
    return number;
  };
}
