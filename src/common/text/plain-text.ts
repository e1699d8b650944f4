import { Transform } from 'class-transformer';
import { MAX_PLAIN_TEXT, stripFormatCharacters } from './format-characters';

export { MAX_PLAIN_TEXT, stripFormatCharacters } from './format-characters';

/**
 * A property whose string value is stripped of format characters (and trimmed, with `trim`) before it is validated;
 * for fields of at most MAX_PLAIN_TEXT characters (`asPlainText` is the same rule, for the render contract's schemas).
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
