import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/configuration';
import { ApiKey } from '../modules/auth/entities/api-key.entity';
import { EmailVerification } from '../modules/auth/entities/email-verification.entity';
import { User } from '../modules/auth/entities/user.entity';
import { AccountPlan } from '../modules/billing/entities/account-plan.entity';
import { UsageRecord } from '../modules/billing/entities/usage-record.entity';
import { IdempotencyRecord } from '../modules/rendering/entities/idempotency-record.entity';
import { RenderBatchJob } from '../modules/rendering/batches/entities/render-batch-job.entity';
import { RenderBatch } from '../modules/rendering/batches/entities/render-batch.entity';
import { RenderJob } from '../modules/rendering/entities/render-job.entity';
import { WebhookDeliveryAttempt } from '../modules/webhooks/entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from '../modules/webhooks/entities/webhook-delivery.entity';
import { WebhookSigningSecret } from '../modules/webhooks/entities/webhook-signing-secret.entity';
import { applyColumnDialect } from './columns';
import { InitialSchema1764000000000 } from './migrations/1764000000000-initial-schema';
import { WebhooksAndBatches1765000000000 } from './migrations/1765000000000-webhooks-and-batches';

export const ENTITIES = [
  User,
  ApiKey,
  EmailVerification,
  AccountPlan,
  UsageRecord,
  RenderJob,
  IdempotencyRecord,
  WebhookSigningSecret,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  RenderBatch,
  RenderBatchJob,
];
export const MIGRATIONS = [InitialSchema1764000000000, WebhooksAndBatches1765000000000];

/**
 * TypeORM options shared by the app and `ormconfig.ts` (the migration CLI). The schema comes
 * from migrations only (never `synchronize`); they run at start.
 */
export function dataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  applyColumnDialect(database.kind);
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: true, synchronize: false, logging: false } as const;
  if (database.kind === 'postgres') {
    return { ...common, type: 'postgres', url: database.url, extra: { max: 20 } };
  }
  mkdirSync(dirname(database.path), { recursive: true });
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
