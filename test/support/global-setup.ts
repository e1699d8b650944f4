import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { assertTestDatabaseName, TEST_DATABASE_KIND, TEST_DATABASE_URL } from './test-env';

/** Starts every e2e run from an empty schema (migrations then run when the first app boots). */
export default async function globalSetup(): Promise<void> {
  process.env.TZ = 'UTC';
  if (TEST_DATABASE_KIND === 'sqlite') {
    process.env.MAPR_TEST_SQLITE_DIR = mkdtempSync(join(tmpdir(), 'mapr-e2e-sqlite-'));
    return;
  }
  await emptyDatabase(TEST_DATABASE_URL);
}

/** Drops everything in a test database (its name must say so); migrations run again when the first app boots. */
export async function emptyDatabase(url: string): Promise<void> {
  assertTestDatabaseName(url);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
