import { createServer } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';

/**
 * Nest's express adapter with one addition: handlers for requests that no route matched. Nest
 * registers its not-found handler (the 404) through `setNotFoundHandler` when the app initialises,
 * after every controller route and the docs; handlers given to `beforeNotFound` are mounted just
 * before it. Calling `next()` goes on to the 404; `next(err)` skips it and reaches Nest's error
 * handler, so the app's exception filter answers. Guards do not run for these requests (there is
 * no route), which is why this is the seam.
 */
export class UnmatchedRoutesExpressAdapter extends ExpressAdapter {
  private readonly unmatched: RequestHandler[] = [];
  private mounted = false;

  /** Adds a handler for requests no route matched. Call before the app initialises (listen/init). */
  beforeNotFound(handler: RequestHandler): void {
    if (this.mounted) throw new Error('beforeNotFound() after the app initialised: the 404 handler is already mounted');
    this.unmatched.push(handler);
  }

  /**
   * The HTTP server as Nest makes it, except that Node checks the header and request deadlines of unfinished requests
   * every second rather than every 30 s (its default), so a client that sends its headers slowly is cut off close to
   * `headersTimeout` (set by configureHttpApp), not up to half a minute later.
   */
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    this.setHttpServer(createServer({ connectionsCheckingInterval: 1_000 }, this.getInstance()));
  }

  override setNotFoundHandler(handler: RequestHandler, prefix?: string): unknown {
    this.mounted = true;
    for (const unmatched of this.unmatched) this.use(unmatched);
    return super.setNotFoundHandler(handler, prefix);
  }
}
