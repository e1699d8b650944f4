import type { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Column builders for migrations written with TypeORM's schema API, so one migration file
 * creates the same schema on Postgres and on SQLite.
 */
export function columnTypes(queryRunner: QueryRunner) {
  const postgres = queryRunner.connection.options.type === 'postgres';
  const col = (name: string, type: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
    name,
    type,
    isNullable: false,
    ...extra,
  });
  return {
    id: (name = 'id', extra: Partial<TableColumnOptions> = {}) => col(name, 'varchar', { length: '40', ...extra }),
    ref: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, 'varchar', { length: '40', ...extra }),
    text: (name: string, length: number, extra: Partial<TableColumnOptions> = {}) =>
      col(name, 'varchar', { length: String(length), ...extra }),
    longText: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, 'text', extra),
    int: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, 'integer', extra),
    /** The primary key `SequenceColumn` maps: BIGSERIAL on Postgres, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
    sequence: (name: string) =>
      col(name, postgres ? 'bigint' : 'integer', { isPrimary: true, isGenerated: true, generationStrategy: 'increment' }),
    bigint: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, 'bigint', extra),
    real: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, postgres ? 'double precision' : 'real', extra),
    bool: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, 'boolean', extra),
    timestamp: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, postgres ? 'timestamptz' : 'datetime', extra),
    createdAt: (name = 'created_at') =>
      col(name, postgres ? 'timestamptz' : 'datetime', { default: postgres ? 'now()' : "(strftime('%Y-%m-%d %H:%M:%f','now'))" }),
    json: (name: string, extra: Partial<TableColumnOptions> = {}) => col(name, postgres ? 'jsonb' : 'text', extra),
  };
}
