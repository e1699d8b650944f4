import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import {
  type ApiDocumentParts,
  defaultsAsDescriptions,
  describedReferences,
  errorCodeEnum,
  nullableTo31,
  publicOperations,
  sharedResponses,
  successExamples,
  webhooks,
  withoutFormats,
} from './document-conventions';
import { withErrorTitles } from './error-examples';
import { schemaComponents } from '../http/schema-field';

/**
 * The OpenAPI 3.1 document: the controllers' metadata (@nestjs/swagger), then the conventions of
 * `document-conventions.ts` that the decorators cannot state (nullability in 3.1 terms, shared
 * responses and headers, examples, webhooks).
 */
export function buildOpenApiDocument(app: INestApplication, parts: ApiDocumentParts, serverUrl?: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
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
        'Browser apps on other origins need their origin in the service’s `CORS_ORIGINS`. ',
        'Timestamps are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`); URLs are absolute. ',
        'When work ends the service POSTs the events under `webhooks` to your `webhook_url`, signed (docs/webhooks.md).',
      ].join('\n'),
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key (mapr_live_… / mapr_test_…) or a JWT access token.' });
  for (const tag of parts.tags) builder.addTag(tag.name, tag.description);
  if (serverUrl) builder.addServer(serverUrl);
  // Every operation names itself (`@ApiOperation({ operationId: 'createRender' })`): SDK generators turn the ids into
  // method names. One without gets `Controller_method`, which the OpenAPI test refuses.
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: parts.webhooks.events.map((event) => event.payload),
  });
  // The request's parts the render contract writes as schemas (SchemaField), as the components their properties name.
  Object.assign(((document.components ??= {}).schemas ??= {}), schemaComponents());
  nullableTo31(document);
  describedReferences(document);
  withoutFormats(document);
  defaultsAsDescriptions(document);
  errorCodeEnum(document, parts.errors);
  sharedResponses(document, parts);
  publicOperations(document);
  successExamples(document);
  webhooks(document, parts);
  return withErrorTitles(document, parts.errors);
}

/** Swagger UI at /docs and the JSON document at /docs-json. */
export function setupSwagger(app: INestApplication, parts: ApiDocumentParts, serverUrl: string): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, parts, serverUrl), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'mapr API',
  });
}
