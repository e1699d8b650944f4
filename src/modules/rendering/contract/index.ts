export * from './render-request';
