import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { SmartBatcher } from '../common/util/smart-batcher';
import { sqliteState } from './transactions';

/** Rows of one entity, to be inserted with rows of others by `insertTogether`. */
export interface InsertGroup<T extends ObjectLiteral = ObjectLiteral> {
  entity: EntityTarget<T>;
  rows: Partial<T>[];
}

/** The columns a group writes: those its first row defines (omitted ones take the schema default). */
function columnsOf(metadata: EntityMetadata, rows: ObjectLiteral[]): ColumnMetadata[] {
  const columns = metadata.columns.filter((column) => !column.isVirtual && column.getEntityValue(rows[0]) !== undefined);
  for (const row of rows) {
    for (const column of metadata.columns) {
      const defined = column.getEntityValue(row) !== undefined;
      if (defined !== columns.includes(column)) {
        throw new Error(`insertTogether: every ${metadata.tableName} row must define the same columns (${column.propertyName} differs)`);
      }
    }
  }
  return columns;
}

/**
 * Inserts rows of several entities atomically, in one round trip where the database has one:
 * on Postgres a single statement whose inserts are data-modifying CTEs (all run to completion,
 * foreign keys are checked at the end of the statement, one commit), with the rows of groups
 * that share a table and columns merged into one multi-row insert; on SQLite, which runs in this
 * process and checks foreign keys statement by statement, one synchronous transaction, groups in order.
 *
 * Made for request hot paths: TypeORM's insert query builder costs more CPU per call than the
 * database spends on the rows, and a round trip per entity costs a syscall pair and a commit each.
 * Values go through the driver's own conversion (JSON, dates, booleans, column transformers),
 * so rows are stored exactly as `repository.insert` would store them.
 */
export async function insertTogether(dataSource: DataSource, groups: InsertGroup[]): Promise<void> {
  const { driver } = dataSource;
  const postgres = dataSource.options.type === 'postgres';
  const tables = new Map<string, { metadata: EntityMetadata; columns: ColumnMetadata[]; rows: ObjectLiteral[] }>();
  const ordered: { metadata: EntityMetadata; columns: ColumnMetadata[]; rows: ObjectLiteral[] }[] = [];
  for (const group of groups) {
    if (group.rows.length === 0) continue;
    const metadata = dataSource.getMetadata(group.entity);
    const columns = columnsOf(metadata, group.rows);
    if (!postgres) {
      ordered.push({ metadata, columns, rows: group.rows });
      continue;
    }
    const key = `${metadata.tableName}(${columns.map((c) => c.databaseName).join(',')})`;
    const merged = tables.get(key);
    if (merged) merged.rows.push(...group.rows);
    else tables.set(key, { metadata, columns, rows: [...group.rows] });
  }
  if (postgres) ordered.push(...tables.values());
  if (ordered.length === 0) return;

  let parameterCount = 0;
  const statements = ordered.map(({ metadata, columns, rows }) => {
    const parameters: unknown[] = [];
    const tuples = rows.map((row) => {
      const placeholders = columns.map((column) => {
        parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column));
        return postgres ? `$${++parameterCount}` : '?';
      });
      return `(${placeholders.join(', ')})`;
    });
    const names = columns.map((column) => driver.escape(column.databaseName)).join(', ');
    return { sql: `INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${tuples.join(', ')}`, parameters };
  });

  if (postgres) {
    const last = statements[statements.length - 1].sql;
    const ctes = statements.slice(0, -1).map((statement, i) => `w${i} AS (${statement.sql})`);
    await dataSource.query(
      ctes.length ? `WITH ${ctes.join(', ')} ${last}` : last,
      statements.flatMap((s) => s.parameters),
    );
    return;
  }
  // better-sqlite3's own transaction runs synchronously, so nothing can interleave with it on the
  // single connection TypeORM keeps for SQLite; it only waits while an async transaction holds
  // the connection (it would otherwise become part of that one).
  const { turns, connection } = sqliteState(dataSource);
  await turns.whenFree(() =>
    connection.transaction(() => {
      for (const statement of statements) connection.prepare(statement.sql).run(...statement.parameters);
    })(),
  );
}

/** Postgres' limit of bind parameters in one statement. */
const MAX_STATEMENT_PARAMETERS = 65_535;
/** Flushes in flight at once: a few of the pool's connections, leaving the rest to reads. */
const CONCURRENT_WRITES = 2;

/**
 * Atomic multi-entity inserts for request hot paths, with smart batching: calls that arrive while
 * earlier writes are in flight are merged into one statement (one round trip, one commit), so
 * the cost per call falls as load rises while a lone call still goes out at once. Each call's
 * rows are stored all together or not at all; one call's bad row fails only that call.
 */
@Injectable()
export class RowWriter {
  private readonly batcher: SmartBatcher<InsertGroup[]>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.batcher = new SmartBatcher((calls) => insertTogether(dataSource, calls.flat()), {
      maxConcurrentFlushes: CONCURRENT_WRITES,
      maxWeight: MAX_STATEMENT_PARAMETERS,
      // An upper bound on the call's bind parameters: every column of every row.
      weigh: (groups) => groups.reduce((sum, group) => sum + group.rows.length * dataSource.getMetadata(group.entity).columns.length, 0),
    });
  }

  /** Inserts the groups' rows all together or not at all; resolves once they are committed. */
  insert(groups: InsertGroup[]): Promise<void> {
    return this.batcher.submit(groups);
  }
}
