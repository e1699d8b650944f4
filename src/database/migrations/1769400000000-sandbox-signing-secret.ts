import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * Sandbox work gets secrets of its own (ADR 0038): a sandbox webhook secret (and its previous one during a rotation)
 * signs the deliveries of `mapr_test_` keys' jobs and batches, and each mode has its own listen secret for the events
 * an API key reads. Every existing account gets a sandbox webhook secret here; the listen secret, which test and live
 * keys both could read, is dropped, so that each mode's is made afresh on first use. Stored webhook bodies (events and
 * deliveries) gain `"sandbox": true|false` as their last field, as new ones carry it.
 */
export class SandboxSigningSecret1769400000000 implements MigrationInterface {
  name = 'SandboxSigningSecret1769400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    // Nullable: an API process of the previous version, still running during a rolling deploy, creates rows without
    // it; the service fills a missing one on first use.
    for (const name of ['sandbox_secret', 'previous_sandbox_secret', 'sandbox_listen_secret']) {
      await queryRunner.addColumn('webhook_signing_secrets', new TableColumn(c.text(name, 80, { isNullable: true })));
    }
    await SandboxSigningSecret1769400000000.fillSandboxSecrets(queryRunner);
    await queryRunner.query('UPDATE webhook_signing_secrets SET listen_secret = NULL');
    for (const table of ['account_events', 'webhook_deliveries']) await SandboxSigningSecret1769400000000.markPayloads(queryRunner, table);
  }

  /** A sandbox secret for every account that has none (`whsec_` and the base64 of 32 random bytes, as the service makes). */
  static async fillSandboxSecrets(queryRunner: QueryRunner): Promise<void> {
    const rows: { account_id: string }[] = await queryRunner.query(
      'SELECT account_id FROM webhook_signing_secrets WHERE sandbox_secret IS NULL',
    );
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const { account_id } of rows) {
      await queryRunner.query(
        postgres
          ? 'UPDATE webhook_signing_secrets SET sandbox_secret = $1 WHERE account_id = $2 AND sandbox_secret IS NULL'
          : 'UPDATE webhook_signing_secrets SET sandbox_secret = ? WHERE account_id = ? AND sandbox_secret IS NULL',
        [`whsec_${randomBytes(32).toString('base64')}`, account_id],
      );
    }
  }

  /**
   * Appends `"sandbox":<the row's mode>` to each stored body (a JSON object, as `JSON.stringify` wrote it) that has no
   * such field yet. A key inside a JSON string is escaped (`\"sandbox\":`), so only a top-level field matches.
   */
  static async markPayloads(queryRunner: QueryRunner, table: string): Promise<void> {
    const flag = `CASE WHEN sandbox THEN 'true' ELSE 'false' END`;
    await queryRunner.query(`
      UPDATE ${table} SET payload = CASE
        WHEN payload = '{}' THEN '{"sandbox":' || ${flag} || '}'
        ELSE substr(payload, 1, length(payload) - 1) || ',"sandbox":' || ${flag} || '}'
      END
      WHERE payload LIKE '{%}' AND payload NOT LIKE '%"sandbox":%'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The bodies keep their `sandbox` field: receivers ignore fields they do not know.
    for (const name of ['sandbox_listen_secret', 'previous_sandbox_secret', 'sandbox_secret']) {
      await queryRunner.dropColumn('webhook_signing_secrets', name);
    }
  }
}
