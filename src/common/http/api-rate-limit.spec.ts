import type { Request, Response } from 'express';
import { DomainError } from '../errors';
import { type ApiRateLimit, countUnmatchedRequest, peekRateLimitOutsideApi } from './api-rate-limit';

describe('rate-limit headers at the HTTP edge', () => {
  let rateLimit: { count: jest.Mock; peek: jest.Mock };
  const res = {} as Response;

  beforeEach(() => {
    rateLimit = { count: jest.fn(async () => undefined), peek: jest.fn(async () => undefined) };
  });

  /** Runs the middleware and resolves with what it passed to next(). */
  function run(middleware: ReturnType<typeof peekRateLimitOutsideApi>, path: string): Promise<unknown> {
    return new Promise((resolve) => middleware({ path } as Request, res, (err?: unknown) => resolve(err)));
  }

  describe('outside the API', () => {
    it('peeks (never counts) for health probes, docs and CDN files, then goes on', async () => {
      const middleware = peekRateLimitOutsideApi(rateLimit as ApiRateLimit);
      for (const path of ['/health/live', '/health/ready', '/docs', '/docs-json', '/cdn/renders/job_1.mp4', '/nope']) {
        await expect(run(middleware, path)).resolves.toBeUndefined();
      }
      expect(rateLimit.peek).toHaveBeenCalledTimes(6);
      expect(rateLimit.count).not.toHaveBeenCalled();
    });

    it('leaves /v1 requests to the guard: no Redis round trip on the API', async () => {
      const middleware = peekRateLimitOutsideApi(rateLimit as ApiRateLimit);
      await expect(run(middleware, '/v1/render')).resolves.toBeUndefined();
      expect(rateLimit.peek).not.toHaveBeenCalled();
    });

    it('peeks for a CORS preflight on /v1 too: the browser asks, nobody spends', async () => {
      const middleware = peekRateLimitOutsideApi(rateLimit as ApiRateLimit);
      const preflight = {
        path: '/v1/render',
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      } as unknown as Request;
      await new Promise((resolve) => middleware(preflight, res, resolve));
      expect(rateLimit.peek).toHaveBeenCalledTimes(1);
      expect(rateLimit.count).not.toHaveBeenCalled();
    });

    it('a window that cannot be read leaves the headers out and does not fail the request', async () => {
      rateLimit.peek.mockRejectedValue(new Error('Redis is reconnecting'));
      await expect(run(peekRateLimitOutsideApi(rateLimit as ApiRateLimit), '/health/live')).resolves.toBeUndefined();
    });
  });

  describe('requests no route matched', () => {
    it('are counted, then go on to the 404', async () => {
      await expect(run(countUnmatchedRequest(rateLimit as ApiRateLimit), '/v1/nope')).resolves.toBeUndefined();
      expect(rateLimit.count).toHaveBeenCalledTimes(1);
    });

    it('over the limit, the 429 goes to the error handler instead of the 404', async () => {
      const refusal = new DomainError('RATE_LIMIT_EXCEEDED', 'Too many requests; retry in 5 seconds.', {}, 5);
      rateLimit.count.mockRejectedValue(refusal);
      await expect(run(countUnmatchedRequest(rateLimit as ApiRateLimit), '/nope')).resolves.toBe(refusal);
    });
  });
});
