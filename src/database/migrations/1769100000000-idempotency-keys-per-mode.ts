import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

const COLUMNS = 'account_id, idempotency_key, scope, request_hash, state, response_status, response_body, created_at';

/**
 * An Idempotency-Key belongs to an account in one mode: the same key sent with a `mapr_test_` key and then with a
 * live key is two requests (before, the live request replayed the sandbox job, which the live key then could not
 * read). The primary key becomes (account, mode, key). SQLite cannot change a primary key in place (TypeORM's
 * updatePrimaryKeys does nothing there), so on both databases the table is built anew and the records copied
 * (all live, as before).
 */
export class IdempotencyKeysPerMode1769100000000 implements MigrationInterface {
  name = 'IdempotencyKeysPerMode1769100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM idempotency_keys WHERE sandbox = TRUE');
    await this.rebuild(queryRunner, false);
  }

  /** Builds the table with or without the mode in its primary key, copying the records over. */
  private async rebuild(queryRunner: QueryRunner, perMode: boolean): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.dropIndex('idempotency_keys', 'idx_idempotency_keys_created');
    await queryRunner.renameTable('idempotency_keys', 'idempotency_keys_before');
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          c.id('account_id', { isPrimary: true }),
          ...(perMode ? [c.bool('sandbox', { isPrimary: true, default: false })] : []),
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
    await queryRunner.query(`INSERT INTO idempotency_keys (${COLUMNS}) SELECT ${COLUMNS} FROM idempotency_keys_before`);
    await queryRunner.dropTable('idempotency_keys_before');
  }
}
