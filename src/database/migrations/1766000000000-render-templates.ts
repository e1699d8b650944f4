import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/** Saved render templates (contract §12), at most 100 per account: one slot each, unique per account. */
export class RenderTemplates1766000000000 implements MigrationInterface {
  name = 'RenderTemplates1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'render_templates',
        columns: [
          c.id('id', { isPrimary: true }),
          c.ref('account_id'),
          c.int('slot'),
          c.text('name', 80),
          c.text('description', 500, { isNullable: true }),
          c.json('settings'),
          c.timestamp('created_at'),
          c.timestamp('updated_at'),
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          new TableIndex({ name: 'idx_render_templates_account_slot', columnNames: ['account_id', 'slot'], isUnique: true }),
          new TableIndex({ name: 'idx_render_templates_account_created', columnNames: ['account_id', 'created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('render_templates', true);
  }
}
