import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/** Webhook signing secrets, the durable delivery log, and render batches. */
export class WebhooksAndBatches1765000000000 implements MigrationInterface {
  name = 'WebhooksAndBatches1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    const account = { columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' };

    await queryRunner.createTable(
      new Table({
        name: 'webhook_signing_secrets',
        columns: [
          c.id('account_id', { isPrimary: true }),
          c.text('secret', 80),
          c.timestamp('created_at'),
          c.text('previous_secret', 80, { isNullable: true }),
          c.timestamp('previous_secret_expires_at', { isNullable: true }),
        ],
        foreignKeys: [account],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('account_id'),
          c.text('event', 40),
          c.ref('job_id', { isNullable: true }),
          c.ref('batch_id', { isNullable: true }),
          c.text('url', 2048),
          c.longText('payload'),
          c.text('status', 12),
          c.int('attempt_count', { default: 0 }),
          c.int('scheduled_attempt', { default: 1 }),
          c.timestamp('next_attempt_at', { isNullable: true }),
          c.timestamp('created_at'),
          c.timestamp('delivered_at', { isNullable: true }),
        ],
        foreignKeys: [account],
        indices: [
          new TableIndex({ name: 'idx_webhook_deliveries_account', columnNames: ['account_id', 'created_at'] }),
          new TableIndex({ name: 'idx_webhook_deliveries_job', columnNames: ['job_id'] }),
          new TableIndex({ name: 'idx_webhook_deliveries_batch', columnNames: ['batch_id'] }),
          new TableIndex({ name: 'idx_webhook_deliveries_pending', columnNames: ['status', 'next_attempt_at'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'webhook_delivery_attempts',
        columns: [
          c.id('delivery_id', { isPrimary: true }),
          c.int('attempt_number', { isPrimary: true }),
          c.text('trigger', 10),
          c.text('outcome', 10),
          c.int('status_code', { isNullable: true }),
          c.text('error_kind', 24, { isNullable: true }),
          c.text('error_message', 500, { isNullable: true }),
          c.int('latency_ms'),
          c.longText('response_excerpt', { isNullable: true }),
          c.timestamp('attempted_at'),
        ],
        foreignKeys: [
          { columnNames: ['delivery_id'], referencedTableName: 'webhook_deliveries', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'render_batches',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('account_id'),
          c.bool('sandbox', { default: false }),
          c.text('webhook_url', 2048, { isNullable: true }),
          c.int('total'),
          c.timestamp('created_at'),
          c.timestamp('completed_at', { isNullable: true }),
          c.timestamp('completion_notified_at', { isNullable: true }),
        ],
        foreignKeys: [account],
        indices: [new TableIndex({ name: 'idx_render_batches_account', columnNames: ['account_id', 'created_at'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'render_batch_jobs',
        columns: [
          c.id('job_id', { isPrimary: true }),
          c.ref('batch_id'),
          c.ref('account_id'),
          c.int('position'),
          c.timestamp('enqueued_at', { isNullable: true }),
        ],
        foreignKeys: [
          { columnNames: ['job_id'], referencedTableName: 'render_jobs', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['batch_id'], referencedTableName: 'render_batches', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
        indices: [
          new TableIndex({ name: 'idx_render_batch_jobs_batch', columnNames: ['batch_id', 'position'] }),
          new TableIndex({ name: 'idx_render_batch_jobs_account', columnNames: ['account_id', 'enqueued_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'render_batch_jobs',
      'render_batches',
      'webhook_delivery_attempts',
      'webhook_deliveries',
      'webhook_signing_secrets',
    ]) {
      await queryRunner.dropTable(table, true);
    }
  }
}
