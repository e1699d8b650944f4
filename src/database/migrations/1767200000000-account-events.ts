import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * The account's event stream (GET /v1/events): one row per render.complete, render.failed and
 * batch.complete, sent by webhook or not, in recording order (`seq`). Deliveries recorded before
 * it existed become its first events, oldest first, so their jobs and batches count as notified.
 */
export class AccountEvents1767200000000 implements MigrationInterface {
  name = 'AccountEvents1767200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'account_events',
        columns: [
          c.sequence('seq'),
          c.id('id'),
          c.ref('account_id'),
          c.text('event', 40),
          c.longText('payload'),
          c.ref('delivery_id', { isNullable: true }),
          c.ref('job_id', { isNullable: true }),
          c.ref('batch_id', { isNullable: true }),
          c.timestamp('created_at'),
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          new TableIndex({ name: 'idx_account_events_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({ name: 'idx_account_events_account_seq', columnNames: ['account_id', 'seq'] }),
          new TableIndex({ name: 'idx_account_events_job_event', columnNames: ['job_id', 'event'], isUnique: true }),
          new TableIndex({ name: 'idx_account_events_batch_event', columnNames: ['batch_id', 'event'], isUnique: true }),
        ],
      }),
    );
    // The first delivery of each job or batch and event; `dlv_X` becomes `evt_X`.
    await queryRunner.query(`
      INSERT INTO account_events (id, account_id, event, payload, delivery_id, job_id, batch_id, created_at)
      SELECT 'evt_' || substr(d.id, 5), d.account_id, d.event, d.payload, d.id, d.job_id, d.batch_id, d.created_at
      FROM webhook_deliveries d
      WHERE (d.job_id IS NOT NULL OR d.batch_id IS NOT NULL)
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries e
          WHERE e.event = d.event
            AND ((d.job_id IS NOT NULL AND e.job_id = d.job_id) OR (d.batch_id IS NOT NULL AND e.batch_id = d.batch_id))
            AND (e.created_at < d.created_at OR (e.created_at = d.created_at AND e.id < d.id))
        )
      ORDER BY d.created_at, d.id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_events', true);
  }
}
