import { Transform } from 'class-transformer';
import { stripFormatCharacters } from './format-characters';

export { stripFormatCharacters } from './format-characters';

/**
 * The longest string PlainText strips. No field it decorates takes more than 500 characters; a longer string is refused
 * for its length whatever it holds, and stripping 100,000 characters of format characters costs milliseconds.
 */
export const MAX_PLAIN_TEXT = 2000;

/**
 * A property whose string value is stripped of format characters (and trimmed, with `trim`) before it is validated;
 * for fields of at most MAX_PLAIN_TEXT characters.
 */
export function PlainText(options: { trim?: boolean } = {}): PropertyDecorator {
  return Transform(
    ({ value }: { value: unknown }) => {
      if (typeof value !== 'string' || value.length > MAX_PLAIN_TEXT) return value;
      const text = stripFormatCharacters(value);
      return options.trim ? text.trim() : text;
    },
    { toClassOnly: true },
  );
}
