import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { expressErrorHandler, HttpExceptionFilter } from './common/errors/http-exception.filter';
import { requireJsonBodies } from './common/http/json-body.middleware';
import { createValidationPipe } from './common/http/validation';
import { setupSwagger } from './common/openapi/swagger';

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
  // Body handling before Nest routes: JSON only, 1 MiB at most, errors in the contract's shape.
  app.use(requireJsonBodies);
  app.use(express.json({ limit: '1mb', type: (req) => /json/i.test(String(req.headers['content-type'] ?? '')), strict: false }));
  app.use(expressErrorHandler);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, config.http.publicUrl);
  return app;
}
