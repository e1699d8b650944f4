/**
 * Where the e2e suite runs: the machine's Postgres and Redis by default (TEST_DATABASE_URL,
 * TEST_REDIS_URL), or the embedded SQLite default when TEST_DATABASE=sqlite.
 */
export const TEST_DATABASE_KIND = process.env.TEST_DATABASE === 'sqlite' ? 'sqlite' : 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The suite wipes its database: refuse any database whose name does not say it is for tests. */
export function assertTestDatabaseName(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to run the e2e suite against database "${name}": its name must contain "test".`);
  }
}
