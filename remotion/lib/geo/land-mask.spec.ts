import { LAND_MASK } from './country-frames';
import { encodeLandMask, isLandCell, LAND_MASK_CELL, LAND_MASK_COLUMNS, LAND_MASK_ROWS, landCentroid } from './land-mask';
import { latitudeOf } from './mercator';

const cellOf = (lng: number, lat: number): [number, number] => [
  Math.floor((90 - lat) / LAND_MASK_CELL),
  Math.floor((lng + 180) / LAND_MASK_CELL),
];

describe('land mask', () => {
  it('reads back what was encoded', () => {
    const land = (row: number, column: number) => (row * 7 + column * 3) % 5 === 0;
    const mask = encodeLandMask(land);
    for (let row = 0; row < LAND_MASK_ROWS; row += 3)
      for (let column = 0; column < LAND_MASK_COLUMNS; column += 5) expect(isLandCell(mask, row, column)).toBe(land(row, column));
  });

  it('knows land from sea', () => {
    expect(isLandCell(LAND_MASK, ...cellOf(2.35, 46.5))).toBe(true); // central France
    expect(isLandCell(LAND_MASK, ...cellOf(-133, 43))).toBe(false); // the Pacific off Oregon
    expect(isLandCell(LAND_MASK, ...cellOf(-100, 40))).toBe(true); // Kansas
  });

  it('puts the land around Portugal to its east (Iberia and France), and finds none in the open Pacific', () => {
    const around = landCentroid(LAND_MASK, { west: -30, east: 15, south: 25, north: 55 }, -8);
    expect(around).not.toBeNull();
    expect(around!.x * 360 - 8).toBeGreaterThan(-8); // east of Portugal's meridian
    expect(latitudeOf(around!.y)).toBeGreaterThan(30);
    expect(landCentroid(LAND_MASK, { west: -150, east: -130, south: -40, north: -20 }, -140)).toBeNull();
  });
});
