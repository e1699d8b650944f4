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

  override setNotFoundHandler(handler: RequestHandler, prefix?: string): unknown {
    this.mounted = true;
    for (const unmatched of this.unmatched) this.use(unmatched);
    return super.setNotFoundHandler(handler, prefix);
  }
}
