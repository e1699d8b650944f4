import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { requestIdMiddleware } from './common/http/request-id';
import { createValidationPipe } from './common/http/validation';
import { setupSwagger } from './common/openapi/swagger';

/** Builds the HTTP application exactly as it runs in production; e2e tests use it too. */
export async function createHttpApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.http.trustProxyHops);
  app.set('etag', false);
  // First of all, so that every response (404s, docs, health, errors) carries the request id.
  // Bodies are read later, by the last global guard (JsonBodyGuard), once the caller is admitted.
  app.use(requestIdMiddleware);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, config.http.publicUrl);
  return app;
}
