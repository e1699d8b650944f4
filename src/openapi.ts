import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './common/openapi/swagger';
import { loadConfiguration } from './config';
import { API_DOCUMENT } from './api-document';

/** Where the committed OpenAPI document lives; a test fails when it is stale. */
export const OPENAPI_FILE = join(__dirname, '..', 'docs', 'openapi.json');

/**
 * The OpenAPI document as committed: built from the controllers' metadata in Nest's preview mode
 * (no database, Redis or queue connections are made).
 */
export async function generateOpenApiJson(): Promise<string> {
  const config = loadConfiguration({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mapr-openapi-')),
    REDIS_URL: 'redis://127.0.0.1:6379',
    JWT_SECRET: 'openapi-generation-only-secret-0123456789abcdef',
    MAPR_ROLE: 'api',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false, abortOnError: false });
  const document = buildOpenApiDocument(app, API_DOCUMENT, 'http://localhost:3000');
  return JSON.stringify(document, null, 2) + '\n';
}
