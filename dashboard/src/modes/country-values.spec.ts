import { describe, expect, it } from '@jest/globals';
import { parseCountryValues, parseFigure, splitLine } from './country-values';

describe('a figure as people write it', () => {
  it.each([
    ['1429', 1429],
    ['-3.5', -3.5],
    ['3,5', 3.5],
    ['0,125', 0.125],
    ['12,25', 12.25],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['1 429', 1429],
    ['1\u00a0429,5', 1429.5],
    ['2e3', 2000],
  ])('reads %j as %d', (raw, value) => {
    expect(parseFigure(raw)).toEqual({ value });
  });

  it('refuses a single separator before three digits, which could be thousands or decimals, and says why', () => {
    expect(parseFigure('1,429')).toEqual({ problem: expect.stringContaining('could be 1429 or 1.429') });
  });

  it.each(['', 'n/a', '12abc', '1,23,4', '1.2.3'])('refuses %j', (raw) => {
    expect(parseFigure(raw)).toHaveProperty('problem');
  });
});

describe('a line of a CSV', () => {
  it('reads quoted fields, with delimiters and doubled quotes inside', () => {
    expect(splitLine('"Korea, Republic of","1,5"', ',')).toEqual({ fields: ['Korea, Republic of', '1,5'] });
    expect(splitLine(' "Say ""hi""" , 2 ', ',')).toEqual({ fields: ['Say "hi"', '2'] });
    expect(splitLine('"open,2', ',')).toEqual({ problem: 'a quote is opened and never closed' });
  });
});

describe('country figures pasted from a spreadsheet or a CSV', () => {
  it('reads tab-separated rows (a spreadsheet’s copy) with a header and decimal commas', () => {
    const pasted = parseCountryValues('Country\tGDP growth\nGermany\t3,5\nFrance\t-0,2\t\t\n\nItaly\t1.1\n');
    expect(pasted).toEqual({
      rows: [
        { country: 'Germany', value: 3.5 },
        { country: 'France', value: -0.2 },
        { country: 'Italy', value: 1.1 },
      ],
      header: ['Country', 'GDP growth'],
      problems: [],
    });
  });

  it('reads comma-separated rows without a header, and quoted values with a decimal comma', () => {
    expect(parseCountryValues('PT,10.3\r\n"Korea, Republic of","51,7"\r\nES,48').rows).toEqual([
      { country: 'PT', value: 10.3 },
      { country: 'Korea, Republic of', value: 51.7 },
      { country: 'ES', value: 48 },
    ]);
  });

  it('reads semicolon-separated rows (a CSV saved where the comma is the decimal sign)', () => {
    expect(parseCountryValues('land;wert\nDeutschland;84,4\nÖsterreich;9,1').rows).toEqual([
      { country: 'Deutschland', value: 84.4 },
      { country: 'Österreich', value: 9.1 },
    ]);
  });

  it('reports each line it could not read by its number, and keeps the others', () => {
    const pasted = parseCountryValues('country,value\nPortugal,10\nSpain,4,8\nFrance\n,3\nItaly,lots\n"Greece,10\nPeru,1,429');
    expect(pasted.rows).toEqual([{ country: 'Portugal', value: 10 }]);
    expect(pasted.problems.map(({ line, reason }) => [line, reason])).toEqual([
      [3, '3 columns: if "4,8" is one number with a decimal comma, put it in quotes or use a decimal point'],
      [4, 'a country and a value are needed, separated by a tab or a comma'],
      [5, 'no country'],
      [6, '"lots" is not a number'],
      [7, 'a quote is opened and never closed'],
      [8, '3 columns: if "1,429" is one number with a decimal comma, put it in quotes or use a decimal point'],
    ]);
  });
});
