/**
 * The fault suite's own Postgres database: its workers sweep for lost queue entries and would take up every other
 * suite's queued jobs if they shared one. Named after the e2e database with `_faults` appended (it must contain
 * "test"); SQLite is not faulted (it has no server to lose).
 */
import { TEST_DATABASE_URL } from '../../support/test-env';

export function faultDatabaseUrl(): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname.replace(/^\//, '')}_faults`;
  return url.toString();
}
