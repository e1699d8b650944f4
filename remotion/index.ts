import { registerRoot } from 'remotion';
import { MAP_ANIMATION_COMPOSITION_ID } from '../src/modules/contract';
import { MapAnimation } from './compositions/MapAnimation';
import { installFrameLayouts } from './in-page/frame-layouts';
import { installInPageRenderer } from './in-page/render-in-page';
import { Root } from './Root';

registerRoot(Root);
// Puts the in-page renderer's functions on the bundle's page, for the renderer that draws and encodes inside it (ADR 0015).
installInPageRenderer({ [MAP_ANIMATION_COMPOSITION_ID]: MapAnimation });
// And the function that reads a frame's layout as data (contract §22), for the checks of what the frames show.
installFrameLayouts();
