import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors';
import { refuseSourceMaps } from './security-headers';

describe('refuseSourceMaps', () => {
  const run = (path: string) => {
    let passed: unknown = 'not called';
    refuseSourceMaps()({ path } as Request, {} as Response, ((err?: unknown) => (passed = err)) as NextFunction);
    return passed;
  };

  it('answers 404 NOT_FOUND for a static file’s source map', () => {
    const refused = run('/assets/index-4f2a.js.map');
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('NOT_FOUND');
  });

  it('lets everything else through, the API and the CDN included', () => {
    for (const path of ['/assets/index-4f2a.js', '/', '/v1/places.map', '/cdn/renders/a.map']) expect(run(path)).toBeUndefined();
  });
});
