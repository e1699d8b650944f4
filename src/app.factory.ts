import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { requestIdMiddleware } from './common/http/request-id';
import { createValidationPipe } from './common/http/validation';
import { setupSwagger } from './common/openapi/swagger';
import { HTTP_ERRORS } from './http-errors';

/** How the HTTP application is created (Nest's options); e2e tests create it from a testing module with these. */
export const HTTP_APP_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

/** Builds the HTTP application exactly as it runs in production. */
export async function createHttpApp(config: AppConfig): Promise<NestExpressApplication> {
  return configureHttpApp(await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), HTTP_APP_OPTIONS), config);
}

/** Everything after creation: logger, body handling, filters, pipes, OpenAPI. e2e tests apply it too. */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.http.trustProxyHops);
  app.set('etag', false);
  // First of all, so that every response (404s, docs, health, errors) carries the request id.
  // Bodies are read later, by the last global guard (JsonBodyGuard), once the caller is admitted.
  app.use(requestIdMiddleware);
  app.useGlobalFilters(new HttpExceptionFilter(HTTP_ERRORS));
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, HTTP_ERRORS, config.http.publicUrl);
  return app;
}
