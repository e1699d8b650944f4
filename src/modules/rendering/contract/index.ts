export * from './render-request';
export * from './composition-props';
