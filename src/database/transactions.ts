import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { AbstractSqliteDriver } from 'typeorm/driver/sqlite-abstract/AbstractSqliteDriver';

/** The part of better-sqlite3's connection the database layer uses. */
export interface SqliteConnection {
  prepare(sql: string): { run(...parameters: unknown[]): unknown };
  transaction(work: () => void): () => void;
}

type Turn = object;

/**
 * Turns on SQLite's one connection. TypeORM keeps a single connection (and query runner) for
 * SQLite, so an async transaction's BEGIN … COMMIT spans many event-loop turns during which any
 * other caller's statement would run inside it (and be rolled back with it), and a second
 * transaction would nest into the first as a savepoint. A turn is exclusive use of the
 * connection: a transaction holds one from BEGIN to COMMIT/ROLLBACK, and every statement issued
 * from outside it waits for the next turn. Statements of the running turn (found through async
 * context) go straight through, so a transaction's own queries never wait on themselves.
 */
export class SqliteTurns {
  private active: Turn | undefined;
  private readonly waiting: (() => void)[] = [];
  private readonly owner = new AsyncLocalStorage<Turn>();

  /** Runs `work` alone on the connection: no statement from outside it runs until it settles. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.active !== undefined && this.owner.getStore() === this.active) return work();
    const turn: Turn = {};
    if (this.active === undefined) this.active = turn;
    else await new Promise<void>((resolve) => this.waiting.push(() => ((this.active = turn), resolve())));
    try {
      return await this.owner.run(turn, work);
    } finally {
      this.active = undefined;
      // Hand over directly, so nothing can slip in between two turns.
      this.waiting.shift()?.();
    }
  }

  /** Runs synchronous `work` at once when the connection is free (nothing can interleave with it), or after the running turn. */
  whenFree<T>(work: () => T): T | Promise<T> {
    if (this.active === undefined || this.owner.getStore() === this.active) return work();
    return this.exclusive(async () => work());
  }
}

interface SqliteState {
  turns: SqliteTurns;
  connection: SqliteConnection;
}
const sqliteStates = new WeakMap<DataSource, SqliteState>();

/** Whether this data source talks to SQLite (the embedded default) rather than Postgres. */
export function isSqlite(dataSource: DataSource): boolean {
  return dataSource.options.type === 'better-sqlite3';
}

/**
 * SQLite's connection with every statement going through turns: installed once per data source,
 * at boot by DatabaseModule (and on first use by code that builds its own data source).
 */
export function sqliteState(dataSource: DataSource): SqliteState {
  let state = sqliteStates.get(dataSource);
  if (state) return state;
  const driver = dataSource.driver as AbstractSqliteDriver;
  const turns = new SqliteTurns();
  const runner = driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) => turns.exclusive(() => query(...args))) as typeof runner.query;
  state = { turns, connection: driver.databaseConnection as SqliteConnection };
  sqliteStates.set(dataSource, state);
  return state;
}

/**
 * Runs `work` in one transaction. On Postgres a pooled connection of its own; on SQLite a turn of
 * the one connection: transactions run one after another, and no other statement runs inside one.
 * Every async transaction in the code base goes through here.
 */
export function runInTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (!isSqlite(dataSource)) return dataSource.transaction(work);
  return sqliteState(dataSource).turns.exclusive(() => dataSource.transaction(work));
}

/**
 * Makes the transactions that call this with the same `key` pass this point one at a time, each
 * holding its place until it commits or rolls back. Rows a transaction then appends (with an
 * increasing id) become visible in the order of their ids: none can commit under a smaller id
 * after a reader saw a larger one, so "everything after id N" never skips a row. Postgres: a
 * transaction-scoped advisory lock on a 64-bit hash of the key. SQLite: nothing to do, since
 * transactions already take turns on its one connection, and writers take turns on the file.
 */
export async function serializeOnKey(manager: EntityManager, key: string): Promise<void> {
  if (manager.connection.options.type !== 'postgres') return;
  if (!manager.queryRunner?.isTransactionActive) throw new Error('serializeOnKey: call it inside runInTransaction');
  const lockId = createHash('sha256').update(key).digest().readBigInt64BE(0);
  await manager.query('SELECT pg_advisory_xact_lock($1)', [lockId.toString()]);
}
