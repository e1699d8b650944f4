import { contrastRatio, parseColor, readableOn, relativeLuminance, worstContrast } from './contrast';

describe('contrast (WCAG 2)', () => {
  it('reads #rgb, #rrggbb, #rrggbbaa, rgb() and rgba()', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#1d2a36')).toEqual({ r: 29, g: 42, b: 54, a: 1 });
    expect(parseColor('#00000080').a).toBeCloseTo(0.502, 3);
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(parseColor('rgba(255,255,255,0.92)')).toEqual({ r: 255, g: 255, b: 255, a: 0.92 });
    expect(() => parseColor('tomato')).toThrow(/tomato/);
  });

  it('gives WCAG’s figures: 21:1 for black on white, 4.54:1 for #767676 on white', () => {
    expect(relativeLuminance(parseColor('#ffffff'))).toBeCloseTo(1, 6);
    expect(contrastRatio(parseColor('#000'), parseColor('#fff'))).toBeCloseTo(21, 6);
    expect(contrastRatio(parseColor('#767676'), parseColor('#ffffff'))).toBeCloseTo(4.54, 2);
  });

  it('takes a translucent backing at its worst, over black or over white', () => {
    // A light halo is weakest where black shows through it, a dark one where white does.
    expect(worstContrast('#000000', 'rgba(255,255,255,0.5)')).toEqual({ ratio: expect.closeTo(5.28, 2), behind: 'black' });
    expect(worstContrast('#ffffff', 'rgba(0,0,0,0.5)')).toEqual({ ratio: expect.closeTo(3.98, 2), behind: 'white' });
    // An opaque one is the same over both.
    expect(worstContrast('#000000', '#ffffff').ratio).toBeCloseTo(21, 6);
  });

  it('keeps a colour that reads, and moves one that does not towards the label colour until it does', () => {
    expect(readableOn('#2458b8', 'rgba(255,255,255,0.92)', '#1d2a36')).toBe('#2458b8');
    const orange = readableOn('#d98a00', 'rgba(255,255,255,0.92)', '#1d2a36');
    expect(orange).not.toBe('#d98a00');
    expect(worstContrast(orange, 'rgba(255,255,255,0.92)').ratio).toBeGreaterThanOrEqual(4.5);
    // Still an orange: the red channel leads the blue.
    const { r, b } = parseColor(orange);
    expect(r).toBeGreaterThan(b + 40);
  });
});
