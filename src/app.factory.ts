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

/** Builds the HTTP application exactly as it runs in production; e2e tests use it too. */
export async function createHttpApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
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
