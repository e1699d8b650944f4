export * from './configuration';
export * from './config.module';
export { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateSqliteFile, secureDataFolder } from './data-folder';
export { ConfigurationError } from './environment';
