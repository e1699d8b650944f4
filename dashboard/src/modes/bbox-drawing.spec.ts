import { describe, expect, it } from '@jest/globals';
import { bboxBetween, boxRectangles, pointToLngLat } from './bbox-drawing';

describe('a box drawn on the small world map', () => {
  it('reads the corners of a drag as a box [west, south, east, north], to a tenth of a degree, whichever way it went', () => {
    expect(pointToLngLat(360, 180, 720, 360)).toEqual([0, 0]);
    expect(bboxBetween([380, 60], [340, 100], 720, 360)).toEqual([-10, 40, 10, 60]);
    expect(bboxBetween([0, 0], [720, 360], 720, 360)).toEqual([-180, -90, 180, 90]);
  });

  it('takes a click for no box', () => {
    expect(bboxBetween([100, 100], [100.5, 100.5], 720, 360)).toBeNull();
  });

  it('shows a box as one rectangle, two across the antimeridian, none until it is four numbers', () => {
    expect(boxRectangles(['-10', '40', '10', '60'], 720, 360)).toEqual([{ x: 340, y: 60, width: 40, height: 40 }]);
    expect(boxRectangles(['170', '-50', '-170', '-30'], 720, 360)).toEqual([
      { x: 700, y: 240, width: 20, height: 40 },
      { x: 0, y: 240, width: 20, height: 40 },
    ]);
    expect(boxRectangles(['1', '', '3', '4'], 720, 360)).toEqual([]);
  });
});
