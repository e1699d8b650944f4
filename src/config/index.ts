export * from './configuration';
export * from './config.module';
export { ConfigurationError } from './environment';
