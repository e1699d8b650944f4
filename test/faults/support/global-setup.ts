import { Client } from 'pg';
import { assertTestDatabaseName, TEST_DATABASE_URL } from '../../support/test-env';
import { emptyDatabase } from '../../support/global-setup';
import { faultDatabaseUrl } from './fault-env';

/** Creates the fault suite's database if needed and empties it (migrations run when the first app boots). */
export default async function globalSetup(): Promise<void> {
  process.env.TZ = 'UTC';
  const url = faultDatabaseUrl();
  assertTestDatabaseName(url);
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  await emptyDatabase(url);
}
