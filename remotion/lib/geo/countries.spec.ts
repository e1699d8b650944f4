import type { Topology } from 'topojson-specification';
import countries50m from 'world-atlas/countries-50m.json';
import { boundsToBox, containsPoint, countryGeometry, type GeoBounds, mainLandmass, projectCountry } from './countries';
import { project } from './mercator';

const atlas = countries50m as unknown as Topology;

function landmass(id: string): GeoBounds {
  const country = countryGeometry(atlas, id);
  if (!country) throw new Error(`no country ${id}`);
  return mainLandmass(country).bounds;
}

/** Whether a place (lng, lat) lies within bounds whose longitudes may run past 180. */
function within(b: GeoBounds, lng: number, lat: number): boolean {
  return [lng - 360, lng, lng + 360].some((x) => x >= b.west && x <= b.east) && lat >= b.south && lat <= b.north;
}

describe('mainLandmass', () => {
  it('frames the contiguous United States without Alaska and Hawaii', () => {
    const us = landmass('840');
    expect(within(us, -74.0, 40.7)).toBe(true); // New York
    expect(within(us, -122.4, 37.8)).toBe(true); // San Francisco
    expect(within(us, -80.2, 25.8)).toBe(true); // Miami
    expect(within(us, -149.9, 61.2)).toBe(false); // Anchorage
    expect(within(us, -157.9, 21.3)).toBe(false); // Honolulu
  });

  it('keeps near islands and leaves far-away parts out', () => {
    const france = landmass('250');
    expect(within(france, 9.0, 42.2)).toBe(true); // Corsica
    expect(within(france, -52.3, 4.9)).toBe(false); // French Guiana
    const norway = landmass('578');
    expect(within(norway, 25.8, 71.1)).toBe(true); // North Cape
    expect(within(norway, 15.6, 78.2)).toBe(false); // Svalbard
    const italy = landmass('380');
    expect(within(italy, 9.1, 39.2)).toBe(true); // Sardinia
    expect(within(italy, 13.4, 38.1)).toBe(true); // Sicily
    const portugal = landmass('620');
    expect(within(portugal, -16.9, 32.7)).toBe(false); // Madeira
    expect(within(portugal, -25.7, 37.7)).toBe(false); // the Azores
    const ecuador = landmass('218');
    expect(within(ecuador, -90.3, -0.7)).toBe(false); // the Galápagos
    expect(within(landmass('226'), 8.78, 3.75)).toBe(true); // Bioko, with Equatorial Guinea's capital
  });

  it('keeps the islands of an archipelago together (Java, Sumatra and New Guinea for Indonesia)', () => {
    const indonesia = landmass('360');
    expect(within(indonesia, 106.8, -6.2)).toBe(true); // Jakarta, on Java
    expect(within(indonesia, 98.7, 3.6)).toBe(true); // Medan, on Sumatra
    expect(within(indonesia, 140.7, -2.5)).toBe(true); // Jayapura, on New Guinea
    const malaysia = landmass('458');
    expect(within(malaysia, 101.7, 3.1)).toBe(true); // Kuala Lumpur
    expect(within(malaysia, 116.1, 5.98)).toBe(true); // Kota Kinabalu, on Borneo
  });

  it('frames countries across the antimeridian as one box, not one spanning the globe', () => {
    const russia = landmass('643');
    expect(russia.east).toBeGreaterThan(180); // Chukotka, past 180°
    expect(russia.east - russia.west).toBeLessThan(180);
    expect(within(russia, 37.6, 55.8)).toBe(true); // Moscow
    expect(within(russia, -173, 65)).toBe(true); // eastern Chukotka
    const fiji = landmass('242');
    expect(fiji.east - fiji.west).toBeLessThan(6);
    expect(within(fiji, 178.4, -18.1)).toBe(true); // Suva
    expect(within(fiji, -179.9, -16.5)).toBe(true); // Vanua Levu's eastern tip, across 180°
    const nz = landmass('554');
    expect(within(nz, 174.8, -41.3)).toBe(true); // Wellington
    expect(within(nz, 168.3, -46.4)).toBe(true); // the south of the South Island
    expect(nz.east - nz.west).toBeLessThan(15);
  });
});

describe('countryGeometry and projectCountry', () => {
  it('joins every geometry that carries the id (Australia comes in two)', () => {
    const australia = countryGeometry(atlas, '036')!;
    expect(
      atlas.objects.countries &&
        (atlas.objects.countries as unknown as { geometries: Array<{ id?: string }> }).geometries.filter((g) => g.id === '036').length,
    ).toBe(2);
    expect(australia.polygons.length).toBeGreaterThan(2);
    expect(countryGeometry(atlas, '999')).toBeNull();
  });

  it('projects a country into world units around the central meridian, where the map puts it', () => {
    const portugal = countryGeometry(atlas, '620')!;
    const projected = projectCountry(portugal, -8);
    const evora = project(-7.91, 38.57, -8);
    expect(projected.polygons.some((p) => containsPoint(p.rings, evora.x, evora.y))).toBe(true);
    const box = boundsToBox(mainLandmass(portugal).bounds, -8);
    const mainland = projected.polygons.find((p) => containsPoint(p.rings, evora.x, evora.y))!;
    expect(mainland.box.minX).toBeCloseTo(box.minX, 4);
    expect(mainland.box.maxY).toBeCloseTo(box.maxY, 4);
  });

  it('keeps each polygon within half a world of the centre, so Fiji stays in one piece on a map centred on it', () => {
    const fiji = projectCountry(countryGeometry(atlas, '242')!, 179);
    expect(fiji.box.maxX - fiji.box.minX).toBeLessThan(0.02);
    for (const polygon of fiji.polygons) {
      expect(polygon.box.minX).toBeGreaterThan(-0.5);
      expect(polygon.box.maxX).toBeLessThan(0.5);
    }
  });

  it('closes Antarctica along the pole: one cap one world wide', () => {
    const antarctica = countryGeometry(atlas, '010')!;
    const cap = antarctica.polygons.find((p) => p.polar)!;
    expect(cap.bounds.east - cap.bounds.west).toBeCloseTo(360, 3);
    expect(cap.area).toBeGreaterThan(10_000_000);
    const projected = projectCountry(antarctica, 0);
    expect(projected.box.maxY).toBeCloseTo(0.5, 3);
    const southPole = project(0, -84, 0);
    expect(projected.polygons.some((p) => containsPoint(p.rings, southPole.x, southPole.y))).toBe(true);
  });
});
