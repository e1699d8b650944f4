import { plainToInstance } from 'class-transformer';
import { MAX_PLAIN_TEXT, PlainText, stripFormatCharacters } from './plain-text';

describe('stripFormatCharacters', () => {
  it('removes bidirectional controls: "Ana\\u202Egpj.exe" no longer draws reversed', () => {
    expect(stripFormatCharacters('Ana\u202Egpj.exe')).toBe('Anagpj.exe');
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    expect(stripFormatCharacters(`a${bidi.join('')}b`)).toBe('ab');
  });

  it('removes the other format characters and control characters, NUL among them', () => {
    expect(stripFormatCharacters('Lis\u200Bbon\u2060\uFEFF\u00AD\u2062')).toBe('Lisbon');
    expect(stripFormatCharacters('Lis\u0000b\u0007o\u001B[31mn\u007F\u0080\u009F')).toBe('Lisbo[31mn');
    expect(stripFormatCharacters('a\u{E0041}b')).toBe('ab');
  });

  it('keeps white space, which frames fold and a name refuses by its own rule', () => {
    expect(stripFormatCharacters('Lisbon\tto\nNew\rYork\u0085\v\f')).toBe('Lisbon\tto\nNew\rYork\u0085\v\f');
  });

  it('keeps the joiners of emoji sequences, and the tags of subdivision flags', () => {
    // A family, the rainbow flag, a technologist with a skin tone, a heart on fire, a woman running, Scotland's flag,
    // Portugal's flag, a keycap.
    const emoji = [
      '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
      '\u{1F3F3}\uFE0F\u200D\u{1F308}',
      '\u{1F9D1}\u{1F3FD}\u200D\u{1F4BB}',
      '\u2764\uFE0F\u200D\u{1F525}',
      '\u{1F3C3}\u200D\u2640\uFE0F',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      '\u{1F1F5}\u{1F1F9}',
      '1\uFE0F\u20E3',
    ];
    for (const sequence of emoji) {
      expect(stripFormatCharacters(`Trip ${sequence}!`)).toBe(`Trip ${sequence}!`);
    }
    // A joiner that joins no emoji is stripped.
    expect(stripFormatCharacters('ZW\u200DJ \u200D\u{1F469} \u{1F469}\u200D')).toBe('ZWJ \u{1F469} \u{1F469}');
  });

  it('keeps the joiner and non-joiner between letters of the scripts that need them', () => {
    // Khorramabad in Persian (a non-joiner between its two words), and Devanagari's half form of ka (a joiner after the virama).
    const persian = '\u062E\u0631\u0645\u200C\u0622\u0628\u0627\u062F';
    const devanagari = '\u0915\u094D\u200D\u0937';
    expect(stripFormatCharacters(persian)).toBe(persian);
    expect(stripFormatCharacters(devanagari)).toBe(devanagari);
    expect(stripFormatCharacters('Ro\u200Cme')).toBe('Rome');
  });

  it('leaves text without them untouched, the same string', () => {
    const text = 'São Paulo → 東京 עברית e\u0301';
    expect(stripFormatCharacters(text)).toBe(text);
  });
});

describe('PlainText', () => {
  class Labelled {
    @PlainText()
    label: string;

    @PlainText({ trim: true })
    name: string;
  }

  it('strips a string property before validation, and trims it when asked', () => {
    expect(plainToInstance(Labelled, { label: ' Ana\u202Egpj.exe ', name: ' \u2066Ana\u2069 ' })).toEqual({
      label: ' Anagpj.exe ',
      name: 'Ana',
    });
  });

  it('leaves other values, and strings longer than any such field takes (refused for their length), as they are', () => {
    const long = '\u202E'.repeat(MAX_PLAIN_TEXT + 1);
    expect(plainToInstance(Labelled, { label: 7, name: long })).toEqual({ label: 7, name: long });
  });
});
