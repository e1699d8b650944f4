import { ASPECT_RATIOS, HUD_POSITIONS } from '../../../src/modules/contract';
import { atlanticProps, pacificProps } from '../../fixtures/sample-routes';
import { buildScene } from '../../modes';
import { footprintUnder, hudBox } from './covers';
import { cornersFrom, hudRectAt } from '../layout/hud-layout';

const everyFrame = (n: number) => Array.from({ length: n }, (_, f) => f);

describe('the HUD’s corner (contract §22)', () => {
  it('tries the corners from the one asked for: along its edge, up or down its side, then across', () => {
    expect(cornersFrom('bottom-left')).toEqual(['bottom-left', 'bottom-right', 'top-left', 'top-right']);
    expect(cornersFrom('top-right')).toEqual(['top-right', 'top-left', 'bottom-right', 'bottom-left']);
  });

  it('is the one asked for when nothing passes under it, else one that nothing passes under, for the whole video', () => {
    let moved = 0;
    for (const sample of [atlanticProps, pacificProps]) {
      for (const aspect_ratio of ASPECT_RATIOS) {
        for (const position of HUD_POSITIONS) {
          const props = sample({ aspect_ratio, duration: 6, hud: { distance: true, progress_bar: true, position } });
          const scene = buildScene(props);
          const frames = everyFrame(props.durationInFrames).filter((f) => f >= scene.timeline.title.end);
          const under = (p: typeof position) => footprintUnder(scene, hudRectAt(props, p)!, frames);
          const chosen = hudBox(scene)!;
          if (under(position) === 0) expect(chosen).toEqual(hudRectAt(props, position));
          else if (HUD_POSITIONS.some((p) => under(p) === 0)) {
            expect(footprintUnder(scene, chosen, frames)).toBe(0);
            moved++;
          }
        }
      }
    }
    // The samples' routes do pass under some corners.
    expect(moved).toBeGreaterThan(0);
  });

  it('is none in a mode without one', () => {
    expect(hudBox(buildScene({ ...atlanticProps(), hud: false }))).toBeNull();
  });
});
