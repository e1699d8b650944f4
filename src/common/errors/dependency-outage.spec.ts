import { unavailableDependency } from './dependency-outage';

const withProps = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe('unavailableDependency', () => {
  it.each([
    [
      'ioredis giving up on a command',
      withProps('Reached the max retries per request limit (which is 3).', { name: 'MaxRetriesPerRequestError' }),
      'redis',
    ],
    ['ioredis with its connection closed', new Error('Connection is closed.'), 'redis'],
    [
      'Postgres shutting down (57P01), wrapped by TypeORM',
      withProps('Query failed', { driverError: withProps('terminating connection due to administrator command', { code: '57P01' }) }),
      'database',
    ],
    ['Postgres refusing connections (57P03)', withProps('the database system is starting up', { code: '57P03' }), 'database'],
    [
      'Postgres refusing a database (FATAL 55000)',
      withProps('database "x" is not currently accepting connections', { code: '55000', severity: 'FATAL' }),
      'database',
    ],
    ['pg losing its socket', new Error('Connection terminated unexpectedly'), 'database'],
    ['SQLite busy', withProps('database is locked', { code: 'SQLITE_BUSY' }), 'database'],
    ['a refused socket', withProps('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }), 'connection'],
  ])('recognises %s', (_name, error, dependency) => {
    expect(unavailableDependency(error)).toBe(dependency);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', withProps('duplicate key value violates unique constraint', { code: '23505', severity: 'ERROR' })],
    ['a non-error', 'Connection is closed.'],
    ['nothing', undefined],
  ])('leaves %s alone (it stays an internal error)', (_name, error) => {
    expect(unavailableDependency(error)).toBeUndefined();
  });
});
