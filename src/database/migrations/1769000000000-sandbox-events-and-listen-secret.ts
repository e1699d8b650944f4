import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * Events and webhook deliveries learn which mode made them (a `mapr_test_` key's sandbox work, or live work), so
 * that a test key reads only sandbox events and deliveries and a live key only live ones; existing rows take the
 * mode of their job or batch. Accounts gain a listen secret: it signs the events an API key reads from
 * `GET /v1/events`, so that reading events never hands out signatures made with the production webhook secret.
 */
export class SandboxEventsAndListenSecret1769000000000 implements MigrationInterface {
  name = 'SandboxEventsAndListenSecret1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['account_events', 'webhook_deliveries'] as const)
      await SandboxEventsAndListenSecret1769000000000.markModes(queryRunner, table);
    const c = columnTypes(queryRunner);
    await queryRunner.addColumn('webhook_signing_secrets', new TableColumn(c.text('listen_secret', 80, { isNullable: true })));
  }

  /** The `sandbox` column of `table`, filled from the rows' jobs and batches (and, for events, its index). */
  static async markModes(queryRunner: QueryRunner, table: 'account_events' | 'webhook_deliveries'): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.addColumn(table, new TableColumn(c.bool('sandbox', { default: false })));
    await queryRunner.query(`
      UPDATE ${table} SET sandbox = TRUE
      WHERE job_id IN (SELECT id FROM render_jobs WHERE sandbox = TRUE)
         OR batch_id IN (SELECT id FROM render_batches WHERE sandbox = TRUE)`);
    if (table === 'account_events') {
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: 'idx_account_events_account_mode_seq', columnNames: ['account_id', 'sandbox', 'seq'] }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('webhook_signing_secrets', 'listen_secret');
    await queryRunner.dropIndex('account_events', 'idx_account_events_account_mode_seq');
    for (const table of ['account_events', 'webhook_deliveries']) await queryRunner.dropColumn(table, 'sandbox');
  }
}
