import { readFileSync } from 'node:fs';
import { HTTP_ERRORS } from './http-errors';
import { generateOpenApiJson, OPENAPI_FILE } from './openapi';

type Node = Record<string, unknown>;
interface Operation extends Node {
  operationId: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: Node;
  responses: Record<string, Node>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  tags: Array<{ name: string; description?: string }>;
  components: { schemas: Record<string, Node>; responses: Record<string, Node>; headers: Record<string, Node>; securitySchemes: Node };
}

/** Every object of the tree with the path to it. */
function* walk(node: unknown, path = '#'): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) yield* walk(child, `${path}/${i}`);
  } else if (typeof node === 'object' && node !== null) {
    yield [path, node as Node];
    for (const [key, child] of Object.entries(node)) yield* walk(child, `${path}/${key}`);
  }
}

const refName = (schema: Node | undefined) => String(schema?.$ref).replace('#/components/schemas/', '');

describe('committed OpenAPI document', () => {
  let json: string;
  let doc: Document;
  let operations: Array<{ path: string; method: string; operation: Operation }>;
  beforeAll(async () => {
    json = await generateOpenApiJson();
    doc = JSON.parse(json) as Document;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
  }, 60000);

  /** The schema a response or body points to, resolved. */
  const schemaOf = (name: string) => doc.components.schemas[name] as { properties: Record<string, Node>; required?: string[] };

  it('matches the API (run `npm run openapi` after changing endpoints or DTOs)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(json);
  });

  it('documents every endpoint of the spec with the bearer scheme; public operations say `security: []`', () => {
    for (const path of ['/v1/render', '/v1/auth/register', '/v1/auth/login', '/v1/auth/resend-verification', '/v1/usage']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/usage'].get.security).toEqual([{ bearer: [] }]);
    const open = operations.filter(({ operation }) => operation.security?.length === 0).map(({ operation }) => operation.operationId);
    expect(open.sort()).toEqual(['logIn', 'register', 'requestPasswordReset', 'resetPassword', 'searchPlaces', 'verifyEmail']);
    for (const { operation } of operations) expect(operation.security).toBeDefined();
  });

  it('names every operation for SDK generators: verb first, lowerCamelCase, unique (createRender, listRenders)', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    for (const id of ids)
      expect(id).toMatch(
        /^(create|get|list|cancel|preview|search|update|delete|revoke|rotate|redeliver|register|logIn|logOut|resend|verify|request|reset)[A-Za-z]*$/,
      );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is OpenAPI 3.1: no `nullable` (null is a type), no `format` anywhere', () => {
    expect(doc.openapi).toBe('3.1.0');
    const offending = [...walk(doc)].filter(([, node]) => 'nullable' in node || typeof node.format === 'string').map(([path]) => path);
    expect(offending).toEqual([]);
    expect(schemaOf('JobRecordDto').properties.started_at).toEqual(expect.objectContaining({ type: ['string', 'null'] }));
    expect(schemaOf('DeliveryAttemptDto').properties.error_kind.enum).toContain(null);
  });

  it('types counts, indices, durations in whole seconds, status codes, limits and frame counts as integers', () => {
    const countLike =
      /(^|_)(count|used|limit|remaining|total|completed|failed|processing|queued|attempt|jobs|population|leg|route|fps|frames|index)$|_(ms|bytes|hours|per_month|per_minute|per_day)$|^(status_code|duration)$|(duration|after)_seconds$/;
    const numbers: string[] = [];
    for (const [schema, { properties }] of Object.entries(doc.components.schemas) as Array<
      [string, { properties?: Record<string, Node> }]
    >) {
      for (const [name, property] of Object.entries(properties ?? {})) {
        const types = ([] as unknown[]).concat(property.type);
        if (types.includes('number') && countLike.test(name)) numbers.push(`${schema}.${name}`);
        if (types.includes('integer')) expect(countLike.test(name) || ['width', 'height'].includes(name)).toBe(true);
      }
    }
    expect(numbers).toEqual([]);
    // Fractions stay numbers.
    expect(schemaOf('JobRecordDto').properties.progress.type).toBe('number');
    expect(schemaOf('WaypointDto').properties.lat.type).toBe('number');
    expect(schemaOf('CameraDto').properties.start_zoom.type).toBe('number');
    const limit = doc.paths['/v1/renders'].get.parameters?.find((p) => p.name === 'limit') as unknown as { schema: Node };
    expect(limit.schema.type).toBe('integer');
  });

  it('leaves every field with a default optional: a minimal { waypoints, duration } body is a whole createRender request', () => {
    // openapi-typescript makes a property with a `default` required in its output; defaults are written in descriptions.
    const defaults = [...walk(doc.components.schemas)]
      .filter(([path, node]) => /\/properties\/[^/]+$/.test(path) && 'default' in node)
      .map(([path]) => path);
    expect(defaults).toEqual([]);
    const body = doc.paths['/v1/render'].post.requestBody as { content: Record<string, { schema: Node }> };
    const schema = schemaOf(refName(body.content['application/json'].schema));
    for (const name of schema.required ?? []) expect(['waypoints', 'duration']).toContain(name);
    expect(schema.properties.resolution.description).toContain('Default: `"720p"`');
    for (const name of ['CreateBatchDto', 'CreateTemplateDto', 'UpdateTemplateDto', 'TemplateSettingsDto']) {
      expect(doc.components.schemas).toHaveProperty([name]);
    }
    expect(schemaOf('CreateBatchDto').required).toEqual(['jobs']);
    expect(schemaOf('TemplateSettingsDto').required ?? []).toEqual([]);
  });

  it('types the route geometry as a GeoJSON LineString', () => {
    const geometry = schemaOf('RouteFeatureDto').properties.geometry;
    const lineString = schemaOf(refName(geometry));
    expect(lineString.properties.type.enum).toEqual(['LineString']);
    expect(lineString.properties.coordinates).toMatchObject({
      type: 'array',
      items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
    });
  });

  it('answers 429, 500 and 503 on every operation, 413 and 415 where a body is taken, from shared responses', () => {
    for (const { operation } of operations) {
      for (const status of ['429', '500', '503'])
        expect([operation.operationId, status, operation.responses[status]]).toEqual([operation.operationId, status, expect.anything()]);
      const bodyStatuses = ['413', '415'].filter((status) => status in operation.responses);
      expect([operation.operationId, bodyStatuses]).toEqual([operation.operationId, operation.requestBody ? ['413', '415'] : []]);
    }
    expect(doc.paths['/v1/usage'].get.responses['429']).toEqual({ $ref: '#/components/responses/RateLimited' });
    expect(doc.paths['/v1/render'].post.responses['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
    const rateLimited = doc.components.responses.RateLimited as { headers: Node; content: Record<string, { examples: Node }> };
    expect(Object.keys(rateLimited.headers)).toContain('Retry-After');
    const [example] = Object.values(rateLimited.content['application/json'].examples) as Array<{ value: Node }>;
    expect(example.value).toMatchObject({ error: 'Rate limit exceeded', error_code: 'RATE_LIMIT_EXCEEDED', retry_after_seconds: 42 });
    // Operations with codes of their own under 429 keep them.
    const login429 = doc.paths['/v1/auth/login'].post.responses['429'] as { content: Record<string, { examples: Node }> };
    expect(Object.keys(login429.content['application/json'].examples)).toEqual(['TOO_MANY_ATTEMPTS']);
  });

  it('lists the rate-limit and request-id headers on every response; Retry-After on 429 and 503; Idempotent-Replayed on idempotent successes', () => {
    const resolveResponse = (response: Node) =>
      typeof response.$ref === 'string' ? doc.components.responses[response.$ref.replace('#/components/responses/', '')] : response;
    for (const { operation } of operations) {
      const idempotent = operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys((resolveResponse(response).headers as Node | undefined) ?? {});
        const where = `${operation.operationId} ${status}`;
        expect([where, headers]).toEqual([
          where,
          expect.arrayContaining(['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        ]);
        if (status === '429' || status === '503') expect([where, headers]).toEqual([where, expect.arrayContaining(['Retry-After'])]);
        if (status.startsWith('2')) expect([where, headers.includes('Idempotent-Replayed')]).toEqual([where, Boolean(idempotent)]);
      }
    }
    expect(operations.filter(({ operation }) => operation.parameters?.some((p) => p.name === 'Idempotency-Key')).length).toBe(2);
    expect(doc.components.headers['X-Request-Id']).toMatchObject({ required: true, schema: { type: 'string' } });
  });

  it('shows an example body on every JSON success', () => {
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = (response.content as Record<string, Node> | undefined)?.['application/json'];
        if (!status.startsWith('2') || !media) continue;
        expect([operation.operationId, media.example !== undefined || media.examples !== undefined]).toEqual([operation.operationId, true]);
      }
    }
    const getRender = doc.paths['/v1/render/{job_id}'].get.responses['200'].content as Record<string, { examples: Node }>;
    expect(Object.keys(getRender['application/json'].examples)).toEqual(['complete', 'processing', 'failed']);
  });

  it('describes the webhooks with their payload schemas, signature headers and expected answer', () => {
    expect(Object.keys(doc.webhooks)).toEqual(['render.complete', 'render.failed', 'batch.complete']);
    const payloads: Record<string, string> = {
      'render.complete': 'RenderCompleteEvent',
      'render.failed': 'RenderFailedEvent',
      'batch.complete': 'BatchCompleteEvent',
    };
    for (const [event, { post }] of Object.entries(doc.webhooks)) {
      const body = post.requestBody as { required: boolean; content: Record<string, { schema: Node; example: Node }> };
      expect(body.required).toBe(true);
      expect(refName(body.content['application/json'].schema)).toBe(payloads[event]);
      expect(body.content['application/json'].example.event).toBe(event);
      expect(schemaOf(payloads[event]).properties.event.enum).toEqual([event]);
      expect(post.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
        'X-Service-Event',
        'X-Service-Delivery',
        'X-Service-Timestamp',
        'X-Service-Signature',
        'X-Service-Signature-V2',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(Object.keys(post.responses)).toContain('200');
    }
    expect(schemaOf('RenderFailedEvent').properties.error.enum).toEqual(
      expect.arrayContaining(['MARITIME_ROUTE_ERROR', 'ROAD_ROUTE_ERROR', 'RENDER_FAILED']),
    );
  });

  it('makes error_code an enum of every code of the HTTP error table', () => {
    expect(schemaOf('ErrorResponseDto').properties.error_code.enum).toEqual(Object.keys(HTTP_ERRORS));
  });

  it('describes every tag in one line', () => {
    const used = new Set(
      [...operations.map(({ operation }) => operation), ...Object.values(doc.webhooks).map(({ post }) => post)].flatMap(
        (o) => o.tags ?? [],
      ),
    );
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description ?? '']));
    for (const tag of used) expect([tag, described.get(tag)]).toEqual([tag, expect.stringMatching(/^[^\n]{10,160}$/)]);
    expect([...described.keys()].sort()).toEqual([...used].sort());
  });
});
