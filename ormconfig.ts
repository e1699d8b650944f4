import { DataSource } from 'typeorm';
import { loadConfiguration } from './src/config/configuration';
import { dataSourceOptions } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

/** Data source for the TypeORM CLI (`npm run migration:run`); the app builds the same options itself. */
export default new DataSource({ ...dataSourceOptions(loadConfiguration().database, ENTITIES), migrationsRun: false });
