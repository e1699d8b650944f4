import { DataSource } from 'typeorm';
import { loadConfiguration } from './src/config/configuration';
import { dataSourceOptions } from './src/database/data-source-options';

/** Data source for the TypeORM CLI (`npm run migration:run`); the app builds the same options itself. */
export default new DataSource({ ...dataSourceOptions(loadConfiguration().database), migrationsRun: false });
