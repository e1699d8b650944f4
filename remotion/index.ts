import { registerRoot } from 'remotion';
import { Root } from './Root';
// Puts window.maprRenderInPage on the bundle's page, for the renderer that draws and encodes inside it (ADR 0015).
import './in-page/render-in-page';

registerRoot(Root);
