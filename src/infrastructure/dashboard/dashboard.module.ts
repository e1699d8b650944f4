import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DynamicModule, Logger, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { Response } from 'express';

/**
 * The dashboard's own pages (dashboard/src/routes.ts): a browser that opens one of them directly,
 * or reloads it, gets index.html and the client router takes over. Any other path keeps the API's
 * JSON 404, so a typo under /v1 never answers with a web page.
 */
export const DASHBOARD_PAGES =
  /^\/(?:login|signup|verify-pending|forgot-password|reset-password|render\/new|renders(?:\/[^/]+)?|batches(?:\/[^/]+)?|templates|keys|webhooks)?\/?$/;

/**
 * The page itself may load only what it ships and what the API and the CDN answer (videos and
 * thumbnails may live on another host); it may not be framed.
 */
const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

function setDashboardHeaders(dir: string) {
  return (res: Response, file: string): void => {
    // Vite names every built asset by its content hash: cache it for good. The page must be revalidated.
    if (relative(dir, file).split(sep)[0] === 'assets') {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (file.endsWith('.html')) for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
  };
}

/** Serves the built dashboard (`npm run build` writes it to dist/dashboard) at `/`, next to /v1 and /docs. */
@Module({})
export class DashboardModule {
  /** `quiet`: test suites build apps without a dashboard on purpose; nobody needs telling. */
  static forRoot(dir: string, { quiet = false }: { quiet?: boolean } = {}): DynamicModule {
    if (!existsSync(join(dir, 'index.html'))) {
      if (!quiet) new Logger('Dashboard').warn(`No dashboard at ${dir} (run npm run build): the API runs without it`);
      return { module: DashboardModule };
    }
    return {
      module: DashboardModule,
      imports: [
        ServeStaticModule.forRoot({
          rootPath: dir,
          renderPath: DASHBOARD_PAGES,
          serveStaticOptions: { index: false, fallthrough: true, setHeaders: setDashboardHeaders(dir) },
        }),
      ],
    };
  }
}
