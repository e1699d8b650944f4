export * from './domain-error';
export * from './common.errors';
export * from './http-error-mapping';
