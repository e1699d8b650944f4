import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/** Accounts, API keys, e-mail verification, plans, the usage ledger, render jobs and idempotency keys. */
export class InitialSchema1764000000000 implements MigrationInterface {
  name = 'InitialSchema1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);

    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          c.id('id', { isPrimary: true }),
          c.text('email', 254, { isUnique: true }),
          c.text('name', 100),
          c.text('password_hash', 255),
          c.bool('email_verified', { default: false }),
          c.timestamp('email_verified_at', { isNullable: true }),
          c.timestamp('created_at'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('user_id'),
          c.text('name', 60),
          c.text('mode', 4),
          c.text('key_hash', 64, { isUnique: true }),
          c.text('prefix', 16),
          c.text('last4', 4),
          c.timestamp('created_at'),
          c.timestamp('last_used_at', { isNullable: true }),
          c.timestamp('revoked_at', { isNullable: true }),
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [new TableIndex({ name: 'idx_api_keys_user', columnNames: ['user_id'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'email_verifications',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('user_id'),
          c.timestamp('expires_at'),
          c.timestamp('used_at', { isNullable: true }),
          c.timestamp('created_at'),
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [new TableIndex({ name: 'idx_email_verifications_user', columnNames: ['user_id'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'account_plans',
        columns: [
          c.id('account_id', { isPrimary: true }),
          c.text('tier', 20),
          c.json('overrides', { isNullable: true }),
          c.timestamp('updated_at'),
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'render_jobs',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('account_id'),
          c.text('status', 12),
          c.bool('sandbox', { default: false }),
          c.bool('uses_quota', { default: false }),
          c.text('billing_period', 7),
          c.json('request'),
          c.ref('batch_id', { isNullable: true }),
          c.text('webhook_url', 2048, { isNullable: true }),
          c.real('progress', { default: 0 }),
          c.int('estimated_duration_seconds'),
          c.json('route', { isNullable: true }),
          c.text('video_key', 255, { isNullable: true }),
          c.text('thumbnail_key', 255, { isNullable: true }),
          c.int('duration_seconds', { isNullable: true }),
          c.text('resolution', 16, { isNullable: true }),
          c.bigint('file_size_bytes', { isNullable: true }),
          c.text('error_code', 40, { isNullable: true }),
          c.text('error_message', 500, { isNullable: true }),
          c.int('attempts', { default: 0 }),
          c.timestamp('created_at'),
          c.timestamp('started_at', { isNullable: true }),
          c.timestamp('completed_at', { isNullable: true }),
          c.timestamp('failed_at', { isNullable: true }),
          c.timestamp('cancelled_at', { isNullable: true }),
          c.timestamp('expires_at', { isNullable: true }),
          c.timestamp('files_deleted_at', { isNullable: true }),
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          new TableIndex({ name: 'idx_render_jobs_account_listing', columnNames: ['account_id', 'sandbox', 'created_at'] }),
          new TableIndex({ name: 'idx_render_jobs_account_status', columnNames: ['account_id', 'status'] }),
          new TableIndex({ name: 'idx_render_jobs_expires', columnNames: ['expires_at'] }),
          new TableIndex({ name: 'idx_render_jobs_batch', columnNames: ['batch_id'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'usage_records',
        columns: [
          c.id('job_id', { isPrimary: true }),
          c.ref('account_id'),
          c.text('billing_period', 7),
          c.bool('counts_toward_quota'),
          c.bool('active'),
          c.timestamp('created_at'),
          c.timestamp('ended_at', { isNullable: true }),
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          new TableIndex({ name: 'idx_usage_records_period', columnNames: ['account_id', 'billing_period', 'counts_toward_quota'] }),
          new TableIndex({ name: 'idx_usage_records_active', columnNames: ['account_id', 'active'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          c.id('account_id', { isPrimary: true }),
          c.text('idempotency_key', 255, { isPrimary: true }),
          c.text('scope', 40),
          c.text('request_hash', 64),
          c.text('state', 12),
          c.int('response_status', { isNullable: true }),
          c.json('response_body', { isNullable: true }),
          c.timestamp('created_at'),
        ],
        indices: [new TableIndex({ name: 'idx_idempotency_keys_created', columnNames: ['created_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['idempotency_keys', 'usage_records', 'render_jobs', 'account_plans', 'email_verifications', 'api_keys', 'users']) {
      await queryRunner.dropTable(table);
    }
  }
}
