import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { API_RATE_LIMIT, type ApiRateLimit, countUnmatchedRequest, peekRateLimitOutsideApi } from './common/http/api-rate-limit';
import { answerUnparsableRequests } from './common/http/unparsable-requests';
import { compressResponses } from './common/http/compression';
import { corsOptions, endUnlistedPreflights } from './common/http/cors';
import { requestIdMiddleware } from './common/http/request-id';
import { refuseSourceMaps, securityHeaders } from './common/http/security-headers';
import { UnmatchedRoutesExpressAdapter } from './common/http/unmatched-routes';
import { createValidationPipe } from './common/http/validation';
import { setupSwagger } from './common/openapi/swagger';
import { API_DOCUMENT } from './api-document';
import { HTTP_ERRORS } from './http-errors';

/** How the HTTP application is created (Nest's options); e2e tests create it from a testing module with these. */
export const HTTP_APP_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

/** The express adapter the app is created with (production and e2e tests alike): it can act on unmatched routes. */
export function createHttpAdapter(): UnmatchedRoutesExpressAdapter {
  return new UnmatchedRoutesExpressAdapter();
}

/** Builds the HTTP application exactly as it runs in production. */
export async function createHttpApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), createHttpAdapter(), HTTP_APP_OPTIONS);
  return configureHttpApp(app, config);
}

/**
 * Everything after creation: logger, request ids, compression, rate-limit headers, CORS, filters, pipes, OpenAPI.
 * e2e tests apply it too.
 */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  const adapter = app.getHttpAdapter();
  if (!(adapter instanceof UnmatchedRoutesExpressAdapter)) {
    throw new Error('Create the HTTP app with createHttpAdapter() (src/app.factory.ts)');
  }
  app.useLogger(app.get(Logger));
  answerUnparsableRequests(app.getHttpServer());
  // Slow-header and slow-body clients (one byte every few seconds, to hold connections open) are cut off.
  const server = app.getHttpServer() as Server;
  server.headersTimeout = config.http.headersTimeoutMs;
  server.requestTimeout = 2 * config.http.headersTimeoutMs;
  app.disable('x-powered-by');
  app.set('trust proxy', config.http.trustProxyHops);
  // No ETag on every response: the job reads that pollers repeat set theirs (common/http/etag.ts).
  app.set('etag', false);
  // First of all, so that every response (404s, docs, health, errors) carries the request id.
  // Bodies are read later, by the last global guard (JsonBodyGuard), once the caller is admitted.
  app.use(requestIdMiddleware);
  app.use(securityHeaders());
  if (config.env === 'production') app.use(refuseSourceMaps());
  // gzip/br as Accept-Encoding asks, for JSON and the dashboard; never for the CDN's media or a range request.
  app.use(compressResponses());
  // Contract §1: every response carries the rate-limit headers. /v1 routes get them from
  // RateLimitGuard, which counts; health probes, docs, CDN files and CORS preflights report the
  // caller's window without counting; requests no route matched are counted per IP before their 404 (or 429).
  const rateLimit = app.get<ApiRateLimit>(API_RATE_LIMIT);
  app.use(peekRateLimitOutsideApi(rateLimit));
  // Browser apps on the CORS_ORIGINS list; every preflight ends here (204), listed or not, so none reaches a route.
  app.enableCors(corsOptions(config.http.corsOrigins));
  app.use(endUnlistedPreflights());
  adapter.beforeNotFound(countUnmatchedRequest(rateLimit));
  app.useGlobalFilters(new HttpExceptionFilter(HTTP_ERRORS));
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, API_DOCUMENT, config.http.publicUrl);
  return app;
}
