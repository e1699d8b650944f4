import { Column, ColumnOptions } from 'typeorm';

/**
 * Column types differ between the two databases we support (Postgres in production, SQLite as the
 * embedded default), but entity decorators run when classes are defined, before the configuration
 * is known. So these decorators register their option objects here, and `applyColumnDialect`
 * fills in the dialect's type just before the data source is built. Date parameters of hand-written
 * queries need nothing: each driver converts a Date the way it stores one.
 */
type DialectColumnKind = 'timestamp' | 'json' | 'sequence';
const DIALECT_TYPES: Record<'postgres' | 'sqlite', Record<DialectColumnKind, ColumnOptions['type']>> = {
  postgres: { timestamp: 'timestamptz', json: 'jsonb', sequence: 'bigint' },
  sqlite: { timestamp: 'datetime', json: 'simple-json', sequence: 'integer' },
};
const dialectColumns: { kind: DialectColumnKind; options: ColumnOptions }[] = [];

export function applyColumnDialect(dialect: 'postgres' | 'sqlite'): void {
  for (const column of dialectColumns) column.options.type = DIALECT_TYPES[dialect][column.kind];
}

function dialectColumn(kind: DialectColumnKind, options: Omit<ColumnOptions, 'type'>): PropertyDecorator {
  const columnOptions: ColumnOptions = { ...options, type: DIALECT_TYPES.sqlite[kind] };
  dialectColumns.push({ kind, options: columnOptions });
  return Column(columnOptions);
}

/** A point in time: timestamptz on Postgres, datetime (UTC text) on SQLite. */
export function TimestampColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return dialectColumn('timestamp', options);
}

/** A JSON document: jsonb on Postgres, text on SQLite. */
export function JsonColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return dialectColumn('json', options);
}

/**
 * An increasing number the database assigns on insert, as the primary key: BIGSERIAL on Postgres
 * (read back as a JS number: exact up to 2^53), SQLite's rowid (INTEGER PRIMARY KEY AUTOINCREMENT,
 * never reused). Migrations: `columnTypes(queryRunner).sequence(name)`.
 */
export function SequenceColumn(options: Omit<ColumnOptions, 'type' | 'primary' | 'generated' | 'transformer'> = {}): PropertyDecorator {
  return dialectColumn('sequence', {
    ...options,
    primary: true,
    generated: 'increment',
    transformer: { to: (value: unknown) => value, from: (value: string | number | null) => (value === null ? null : Number(value)) },
  });
}

/** Our prefixed random ids (`job_…`). */
export function IdColumn(options: Omit<ColumnOptions, 'type' | 'length'> = {}): PropertyDecorator {
  return Column({ ...options, type: 'varchar', length: 40 });
}
