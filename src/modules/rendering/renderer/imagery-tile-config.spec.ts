import { loadConfiguration } from '../../../config';

describe('imagery tile configuration (contract §21)', () => {
  const base = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/mapr-config-spec',
    SMTP_URL: 'smtp://mail.example:587',
  };

  it('draws only the bundled imagery unless IMAGERY_TILE_URL is set', () => {
    expect(loadConfiguration(base).rendering.imageryTiles).toBeUndefined();
  });

  it('reads the source, its credit, its deepest level and a cache under the data folder', () => {
    const config = loadConfiguration({
      ...base,
      IMAGERY_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.jpg?key=abc',
      IMAGERY_ATTRIBUTION: 'Imagery © Example',
      IMAGERY_MAX_ZOOM: '17',
    });
    expect(config.rendering.imageryTiles).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.jpg?key=abc',
      attribution: 'Imagery © Example',
      maxZoom: 17,
      cacheDir: '/tmp/mapr-config-spec/imagery-tiles',
    });
  });

  it('refuses a source that is not an http(s) XYZ template, and a zoom past 22', () => {
    expect(() => loadConfiguration({ ...base, IMAGERY_TILE_URL: 'https://tiles.example.com/tile.jpg' })).toThrow(/IMAGERY_TILE_URL/);
    expect(() => loadConfiguration({ ...base, IMAGERY_TILE_URL: 'file:///tiles/{z}/{x}/{y}.jpg' })).toThrow(/IMAGERY_TILE_URL/);
    expect(() => loadConfiguration({ ...base, IMAGERY_TILE_URL: 'https://t.example/{z}/{x}/{y}.png', IMAGERY_MAX_ZOOM: '23' })).toThrow(
      /IMAGERY_MAX_ZOOM/,
    );
  });
});
