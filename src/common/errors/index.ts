export * from './domain-error';
export * from './errors';
