import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { UnmatchedRoutesExpressAdapter } from './unmatched-routes';

describe('UnmatchedRoutesExpressAdapter', () => {
  function appWith(before: (req: Request, res: Response, next: NextFunction) => void) {
    const adapter = new UnmatchedRoutesExpressAdapter();
    adapter.get('/known', (_req: Request, res: Response) => res.status(200).send('known'));
    adapter.beforeNotFound(before);
    // What Nest does when the app initialises, after every route.
    adapter.setNotFoundHandler((_req: Request, res: Response) => res.status(404).send('not found'));
    adapter.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.status(429).send(err.message));
    return { adapter, http: request(adapter.getInstance()) };
  }

  it('runs the handler for unmatched requests only, just before the 404', async () => {
    const seen: string[] = [];
    const { http } = appWith((req, res, next) => {
      seen.push(req.path);
      res.setHeader('X-Seen', 'yes');
      next();
    });
    const known = await http.get('/known').expect(200);
    expect(known.headers['x-seen']).toBeUndefined();
    const unknown = await http.get('/unknown').expect(404);
    expect(unknown.headers['x-seen']).toBe('yes');
    expect(seen).toEqual(['/unknown']);
  });

  it('an error passed on skips the 404 and reaches the error handler', async () => {
    const { http } = appWith((_req, _res, next) => next(new Error('too many')));
    expect((await http.get('/unknown').expect(429)).text).toBe('too many');
  });

  it('refuses a handler added once the 404 is mounted', () => {
    const { adapter } = appWith((_req, _res, next) => next());
    expect(() => adapter.beforeNotFound((_req, _res, next) => next())).toThrow(/already mounted/);
  });
});
