/**
 * The render contract: plain types, constants and pure functions shared by the API, the worker, the
 * compositions (`remotion/`) and the dashboard. Free of Nest, TypeORM and Node-only imports.
 */
export * from './render-modes';
export * from './limits';
export * from './render-request';
export * from './camera';
export * from './camera-schema';
export * from './schema-bounds';
export * from './projection';
export * from './terrain';
export * from './title';
export * from './route-style';
export * from './hud';
export * from './imagery-tiles';
export * from './stored-request';
export * from './render-body';
export * from './modes';
export * from './parse-request';
export * from './composition-parts';
export * from './composition-props';
export * from './in-page-protocol';
export * from './frame-layout';
