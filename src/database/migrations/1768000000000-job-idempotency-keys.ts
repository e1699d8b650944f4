import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * The Idempotency-Key a render or batch was created under, stored in the same row (so in the same write) as the
 * job or batch: a retry after the API died between that write and its answer finds what the first request created
 * instead of creating it again (IdempotencyService, ADR 0013). Indexed per account, not unique: a key may be used
 * again once its record expired (24 h), and the lookup takes what was created since the record; NULL without a key.
 */
export class JobIdempotencyKeys1768000000000 implements MigrationInterface {
  name = 'JobIdempotencyKeys1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    for (const table of ['render_jobs', 'render_batches']) {
      await queryRunner.addColumn(table, new TableColumn(c.text('idempotency_key', 255, { isNullable: true })));
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: `idx_${table}_idempotency_key`, columnNames: ['account_id', 'idempotency_key'] }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['render_jobs', 'render_batches']) {
      await queryRunner.dropIndex(table, `idx_${table}_idempotency_key`);
      await queryRunner.dropColumn(table, 'idempotency_key');
    }
  }
}
