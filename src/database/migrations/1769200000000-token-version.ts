import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * Each account's access-token version: a token carries the version it was issued under, and bumping it (logging out
 * everywhere, a password reset) ends every token issued before. Existing tokens carry none, which counts as 0.
 */
export class TokenVersion1769200000000 implements MigrationInterface {
  name = 'TokenVersion1769200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.addColumn('users', new TableColumn(c.int('token_version', { default: 0 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('users', 'token_version');
  }
}
