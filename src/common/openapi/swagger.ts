import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { HttpErrorTable } from '../errors';
import { withErrorTitles } from './error-examples';

export function buildOpenApiDocument(app: INestApplication, errors: HttpErrorTable, serverUrl?: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('mapr API')
    .setVersion('1')
    .setDescription(
      [
        'Render map animation videos from an ordered list of waypoints.',
        '',
        'Authenticate with `Authorization: Bearer <credential>`: an API key (`mapr_live_…`, or `mapr_test_…` for sandbox renders) ',
        'or an access token from `POST /v1/auth/login`. Every error has one shape: `{ error, error_code, message, request_id, … }`. ',
        'Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix epoch seconds), and `X-Request-Id`. ',
        'API requests count against the rate, unknown paths included (per IP); health probes, these docs, CDN files and CORS preflights report it without counting. ',
        'Job and batch reads send an `ETag`: with `If-None-Match` an unchanged one answers 304 with no body (counted like any request). ',
        'Every 201 and 202 sends `Location`. Responses are gzip- or br-encoded when `Accept-Encoding` asks (not the CDN files). ',
        'Browser apps on other origins need their origin in the service’s `CORS_ORIGINS`.',
      ].join('\n'),
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key (mapr_live_… / mapr_test_…) or a JWT access token.' });
  if (serverUrl) builder.addServer(serverUrl);
  // Every operation names itself (`@ApiOperation({ operationId: 'createRender' })`): SDK generators turn the ids into
  // method names. One without gets `Controller_method`, which the OpenAPI test refuses.
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return withErrorTitles(document, errors);
}

/** Swagger UI at /docs and the JSON document at /docs-json. */
export function setupSwagger(app: INestApplication, errors: HttpErrorTable, serverUrl: string): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, errors, serverUrl), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'mapr API',
  });
}
