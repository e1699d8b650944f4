import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/configuration';
import { privateSqliteFile } from '../config/data-folder';
import { applyColumnDialect } from './columns';
import { InitialSchema1764000000000 } from './migrations/1764000000000-initial-schema';
import { WebhooksAndBatches1765000000000 } from './migrations/1765000000000-webhooks-and-batches';
import { RenderTemplates1766000000000 } from './migrations/1766000000000-render-templates';
import { AccountEvents1767200000000 } from './migrations/1767200000000-account-events';
import { JobIdempotencyKeys1768000000000 } from './migrations/1768000000000-job-idempotency-keys';
import { SandboxEventsAndListenSecret1769000000000 } from './migrations/1769000000000-sandbox-events-and-listen-secret';
import { IdempotencyKeysPerMode1769100000000 } from './migrations/1769100000000-idempotency-keys-per-mode';
import { TokenVersion1769200000000 } from './migrations/1769200000000-token-version';
import { JobEndFollowUps1769300000000 } from './migrations/1769300000000-job-end-follow-ups';
import { SandboxSigningSecret1769400000000 } from './migrations/1769400000000-sandbox-signing-secret';

export const MIGRATIONS = [
  InitialSchema1764000000000,
  WebhooksAndBatches1765000000000,
  RenderTemplates1766000000000,
  AccountEvents1767200000000,
  JobIdempotencyKeys1768000000000,
  SandboxEventsAndListenSecret1769000000000,
  IdempotencyKeysPerMode1769100000000,
  TokenVersion1769200000000,
  JobEndFollowUps1769300000000,
  SandboxSigningSecret1769400000000,
];

/** Entity classes (or schemas) the composition root hands over: src/entities.ts lists every module's. */
export type Entities = NonNullable<DataSourceOptions['entities']>;

/**
 * TypeORM options shared by the app and `ormconfig.ts` (the migration CLI). The schema comes
 * from migrations only (never `synchronize`); they run at start.
 */
export function dataSourceOptions(database: DatabaseConfig, entities: Entities): DataSourceOptions {
  applyColumnDialect(database.kind);
  const common = { entities, migrations: MIGRATIONS, migrationsRun: true, synchronize: false, logging: false } as const;
  if (database.kind === 'postgres') {
    return { ...common, type: 'postgres', url: database.url, extra: { max: 20 } };
  }
  // The file holds secrets (webhook signing secrets, password hashes): its owner's only, as the data folder.
  privateSqliteFile(database.path);
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.path,
    // WAL lets readers proceed while the worker writes; a busy timeout instead of SQLITE_BUSY errors.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}
