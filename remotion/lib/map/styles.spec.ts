import { STYLE_IDS } from '../../../src/modules/contract';
import { MIN_LABEL_CONTRAST, readableOn, worstContrast } from '../layout/contrast';
import { PALETTES } from './styles';

describe('every style’s labels read at 4.5:1 wherever they sit (contract §22)', () => {
  it.each(STYLE_IDS.map((id) => [id] as const))('%s', (id) => {
    const p = PALETTES[id];
    // Map labels on their halo, the region's title on its panel, over black or white behind a translucent one.
    expect(worstContrast(p.labelText, p.labelHalo).ratio).toBeGreaterThanOrEqual(MIN_LABEL_CONTRAST);
    expect(worstContrast(p.panelText, p.panel).ratio).toBeGreaterThanOrEqual(MIN_LABEL_CONTRAST);
    // Coloured label text (a chokepoint's accent, a route's data line) once made readable.
    for (const color of [p.accent, ...p.categorical]) {
      expect(worstContrast(readableOn(color, p.labelHalo, p.labelText), p.labelHalo).ratio).toBeGreaterThanOrEqual(MIN_LABEL_CONTRAST);
    }
  });
});
