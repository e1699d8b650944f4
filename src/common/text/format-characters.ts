/**
 * Text a person typed that reaches a frame, an e-mail or another person's screen (labels, place names, titles,
 * captions, overlay texts, legend texts, account, template and key names) is stripped of the characters that draw
 * nothing yet change what is drawn (contract §27): "Ana\u202Egpj.exe" (a right-to-left override) draws as
 * "Anaexe.jpg". Removed:
 * - format characters (Unicode category Cf): bidirectional embeddings, overrides and isolates (U+202A–202E,
 *   U+2066–2069), marks (U+200E, U+200F, U+061C), zero width space (U+200B), word joiner (U+2060), byte order mark
 *   (U+FEFF), soft hyphen, invisible operators, interlinear annotations, tags;
 * - control characters (C0, DEL, C1: Unicode category Cc), NUL among them.
 * Kept, because text people write needs them and they reorder nothing:
 * - white space controls (tab, line feed, vertical tab, form feed, carriage return, U+0085): every frame folds white
 *   space into one space, and a name refuses a line break by its own rule;
 * - U+200D ZERO WIDTH JOINER between two emoji (skin tones and U+FE0F between them allowed): a family, the rainbow
 *   flag, a technologist with a skin tone are one emoji each, drawn as several without it;
 * - U+200C ZERO WIDTH NON-JOINER and U+200D between two letters of a script whose letters join or conjoin (Arabic,
 *   Persian, Syriac, N'Ko, Mongolian, the Indic scripts): Persian writes words and names with them (Khorramabad),
 *   Devanagari its half forms;
 * - tag characters right after U+1F3F4 (a waving black flag): the flags of Scotland, England and Wales.
 *
 * Plain code with no dependency: the request's validation (`PlainText`) and the render contract's schemas share it.
 */
export function stripFormatCharacters(text: string): string {
  if (!STRIPPED.test(text)) return text;
  return text.replace(STRIPPED_EVERYWHERE, (char: string, offset: number) => (keeps(text, char, offset) ? char : ''));
}

const STRIPPED = /[\p{Cf}\p{Cc}]/u;
const STRIPPED_EVERYWHERE = /[\p{Cf}\p{Cc}]/gu;
const WHITE_SPACE_CONTROL = /^[\t\n\v\f\r\u0085]$/;
const EMOJI = /^\p{Extended_Pictographic}$/u;
/** What may stand between an emoji and its joiner: a skin tone, or the emoji presentation selector. */
const EMOJI_MODIFIER = /^(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)$/u;
const JOINING_LETTER =
  /^[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}]$/u;
const TAG = /^[\u{E0020}-\u{E007F}]$/u;
const WAVING_BLACK_FLAG = '\u{1F3F4}';

/** The code point that ends just before `end` ('' at the start). */
function before(text: string, end: number): string {
  if (end <= 0) return '';
  const low = text.charCodeAt(end - 1);
  return end >= 2 && low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(text.charCodeAt(end - 2)) ? text.slice(end - 2, end) : text[end - 1];
}

/** The code point that starts at `start` ('' at the end). */
function after(text: string, start: number): string {
  const point = text.codePointAt(start);
  return point === undefined ? '' : String.fromCodePoint(point);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function keeps(text: string, char: string, offset: number): boolean {
  if (WHITE_SPACE_CONTROL.test(char)) return true;
  const next = after(text, offset + char.length);
  if (char === '\u200D') {
    let at = offset;
    while (EMOJI_MODIFIER.test(before(text, at))) at -= before(text, at).length;
    if (EMOJI.test(before(text, at)) && EMOJI.test(next)) return true;
  }
  if (char === '\u200C' || char === '\u200D') return JOINING_LETTER.test(before(text, offset)) && JOINING_LETTER.test(next);
  if (TAG.test(char)) {
    let at = offset;
    while (TAG.test(before(text, at))) at -= 2;
    return before(text, at) === WAVING_BLACK_FLAG;
  }
  return false;
}

/**
 * The longest string `asPlainText` and `PlainText` strip. No field it serves takes more than 500 characters; a longer string is refused
 * for its length whatever it holds, and stripping 100,000 characters of format characters costs milliseconds.
 */
export const MAX_PLAIN_TEXT = 2000;

/** `text` stripped of format characters (`stripFormatCharacters`), unless it is longer than MAX_PLAIN_TEXT. */
export function asPlainText(text: string): string {
  return text.length > MAX_PLAIN_TEXT ? text : stripFormatCharacters(text);
}
