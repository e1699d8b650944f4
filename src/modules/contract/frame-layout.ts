/**
 * A frame's layout as data (contract §22): where the things that must stay legible sit on screen, read
 * from the same code that draws them (remotion/lib/scene/frame-layout.ts), so that checks can tell whether a
 * frame is full and legible (remotion/lib/layout/layout-checks.ts). Screen pixels of the frame, y down. Plain
 * types: the page computes them (contract/in-page-protocol.ts), tests in Node read them.
 */

export interface LayoutRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A waypoint or route label, one line of text. `fontPx` is its height as §22 measures it (the font's
 * size); `backing` is what it is set against: a halo stroked round its letters or a plate under it.
 */
export interface LayoutLabel extends LayoutRect {
  /** Which label, for a finding: "waypoint 1 (Auckland)", "route 0 data (17 days)". */
  id: string;
  text: string;
  fontPx: number;
  /** CSS colours; the backing's may be translucent (it is then seen over whatever the map shows). */
  color: string;
  backing: { kind: 'halo' | 'plate'; color: string };
  /** 0–1 (fading in or out). */
  opacity: number;
}

/** A waypoint or destination marker. */
export interface LayoutMarker extends LayoutRect {
  id: string;
  opacity: number;
}

/** A route line, as far as it is drawn on this frame: screen points a few pixels apart (off-screen ones included). */
export interface LayoutRoute {
  id: string;
  points: Array<[number, number]>;
}

/** What sits over the map and must not cover routes, markers or labels: the HUD, the title card, a text overlay, a mode's panel (legend, region title). */
export interface LayoutCover extends LayoutRect {
  kind: 'hud' | 'title' | 'overlay' | 'panel';
  id: string;
  opacity: number;
}

/**
 * Where the map is drawn on screen. `flat`: the screen rows of the Mercator world's top and bottom edges (it
 * repeats sideways, so it has no side edges); null where a tilted camera cannot see that edge (the plane ends
 * at its horizon before the top edge, or the bottom edge lies behind the viewer). `clearFrom`: the first row the
 * map is seen clearly from (0, or below a tilted camera's horizon and the thick of its haze: the sky above is
 * drawn by design). `globe`: the whole globe's disc, drawn over its backdrop of space. `blend`: a frame on the way
 * between the two (lib/globe/globe.ts).
 */
export type LayoutExtent =
  | { kind: 'flat'; top: number | null; bottom: number | null; clearFrom: number }
  | { kind: 'globe'; cx: number; cy: number; r: number }
  | { kind: 'blend'; globe: number };

export interface FrameLayout {
  frame: number;
  width: number;
  height: number;
  covers: LayoutCover[];
  labels: LayoutLabel[];
  markers: LayoutMarker[];
  routes: LayoutRoute[];
  extent: LayoutExtent;
  /**
   * Labels of markers in the safe area left out on this frame for what is over the map (the HUD, a text overlay, a
   * panel took their room): without it they would have shown. Labels left out in a crowd of labels are not listed.
   */
  omitted: string[];
}
