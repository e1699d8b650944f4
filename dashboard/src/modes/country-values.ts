/**
 * Country figures pasted from a spreadsheet or a CSV file, for country_data's table: one "country, value" line each,
 * separated by tabs (what a spreadsheet copies), semicolons or commas, with an optional header line. Lines that
 * cannot be read are reported by their number, never guessed at.
 */

export interface CountryValue {
  country: string;
  value: number;
}

export interface UnreadLine {
  /** 1-based, as an editor numbers them. */
  line: number;
  text: string;
  reason: string;
}

export interface PastedValues {
  rows: CountryValue[];
  /** The first line, when it named the columns rather than gave a figure. */
  header: string[] | null;
  problems: UnreadLine[];
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const GROUPED = /^\d{1,3}$/;

/** Groups of three digits after the first group: "1,234,567" read with ",". */
function isGrouped(parts: string[]): boolean {
  const [head, ...rest] = parts;
  return GROUPED.test(head!.replace(/^[-+]/, '')) && rest.every((part) => /^\d{3}$/.test(part));
}

/**
 * A figure as people write it: "1429", "3.5", "3,5" (decimal comma), "1,234.5" and "1.234,5" (grouped thousands),
 * "1 429" (spaces between thousands). A single comma or point before exactly three digits ("1,429") is either a
 * thousands separator or a decimal one: that is refused, with the reason, rather than guessed.
 */
export function parseFigure(raw: string): { value: number } | { problem: string } {
  const compact = raw.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return { problem: 'no value' };
  let plain = compact;
  const commas = compact.split(',').length - 1;
  const points = compact.split('.').length - 1;
  if (commas && points) {
    // The separator that comes last is the decimal one; the other groups the thousands.
    const decimal = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    const [whole, fraction, ...more] = compact.split(decimal);
    if (more.length || !isGrouped(whole!.split(grouping))) return { problem: `"${raw.trim()}" is not a number` };
    plain = `${whole!.split(grouping).join('')}.${fraction}`;
  } else if (commas || points > 1) {
    const separator = commas ? ',' : '.';
    const parts = compact.split(separator);
    if (parts.length === 2) {
      const [whole, fraction] = parts as [string, string];
      // "1,429": a thousand and more, or one and a bit? "0,429" and "12,5" are not in doubt.
      if (fraction.length === 3 && /^[-+]?[1-9]\d{0,2}$/.test(whole)) {
        return {
          problem: `"${raw.trim()}" could be ${whole}${fraction} or ${whole}.${fraction}: write it without a thousands separator, or with more or fewer decimals`,
        };
      }
      plain = `${whole}.${fraction}`;
    } else if (isGrouped(parts)) {
      plain = parts.join('');
    } else {
      return { problem: `"${raw.trim()}" is not a number` };
    }
  }
  const value = Number(plain);
  if (!NUMBER.test(plain) || !Number.isFinite(value)) return { problem: `"${raw.trim()}" is not a number` };
  return { value };
}

/** The fields of one line: `"…"` quotes a field (a delimiter inside it is text; `""` is a quote). */
export function splitLine(line: string, delimiter: string): { fields: string[] } | { problem: string } {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (wasQuoted && char !== delimiter && /\s/.test(char)) {
      // Spaces between a closing quote and the delimiter.
    } else if (char === delimiter) {
      fields.push(wasQuoted ? field : field.trim());
      field = '';
      wasQuoted = false;
    } else {
      field += char;
    }
  }
  if (quoted) return { problem: 'a quote is opened and never closed' };
  fields.push(wasQuoted ? field : field.trim());
  return { fields };
}

/** Tabs when the text has any (a spreadsheet's copy), else semicolons when it has any (a CSV with decimal commas), else commas. */
export function delimiterOf(textValue: string): string {
  if (textValue.includes('\t')) return '\t';
  if (textValue.includes(';')) return ';';
  return ',';
}

export function parseCountryValues(textValue: string): PastedValues {
  const delimiter = delimiterOf(textValue);
  const rows: CountryValue[] = [];
  const problems: UnreadLine[] = [];
  let header: string[] | null = null;
  let first = true;
  textValue.split(/\r\n|\n|\r/).forEach((line, index) => {
    if (line.trim() === '') return;
    const isFirst = first;
    first = false;
    const report = (reason: string) => problems.push({ line: index + 1, text: line, reason });
    const split = splitLine(line, delimiter);
    if ('problem' in split) return report(split.problem);
    // A spreadsheet's copy ends rows with empty cells when the selection was wider than the data.
    const fields = [...split.fields];
    while (fields.length > 2 && fields[fields.length - 1]!.trim() === '') fields.pop();
    if (fields.length !== 2) {
      if (delimiter === ',' && fields.length === 3 && /^\d+$/.test(fields[2]!.trim())) {
        return report(
          `3 columns: if "${fields[1]},${fields[2]}" is one number with a decimal comma, put it in quotes or use a decimal point`,
        );
      }
      return report(
        fields.length < 2
          ? 'a country and a value are needed, separated by a tab or a comma'
          : `${fields.length} columns: a country and a value are needed`,
      );
    }
    const [country, value] = fields as [string, string];
    const figure = parseFigure(value);
    if ('problem' in figure) {
      // A first line that names its columns ("country, value") is a header, not a figure.
      if (isFirst && value.trim() !== '') {
        header = fields;
        return;
      }
      return report(figure.problem);
    }
    if (country.trim() === '') return report('no country');
    rows.push({ country: country.trim(), value: figure.value });
  });
  return { rows, header, problems };
}
