import type { Type } from '@nestjs/common';
import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import type { HttpErrorTable } from '../errors';
import { errorBody, type ErrorExample } from './error-examples';
import { ErrorResponseDto } from './error-response.dto';

/**
 * What the OpenAPI document states beyond the controllers' metadata, and the rewrites that make it read well in
 * client generators (openapi-typescript, openapi-generator): OpenAPI 3.1 nullability, no `format`, optional fields
 * that have a default, shared error responses and headers, examples on every success, the webhooks.
 */

/** A JSON object of the document, read and rewritten in place. */
type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A header as the document states it (a response header or a webhook's request header). */
export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
  schema: Node;
}

/** One event of the top-level `webhooks`: what the service POSTs to a receiver. */
export interface WebhookEventDoc {
  /** The event name, also the key under `webhooks` (`render.complete`). */
  event: string;
  /** Names the receiver's operation in generated code (`onRenderComplete`). */
  operationId: string;
  summary: string;
  description: string;
  /** The body's DTO class; its name is the schema's component name (`RenderCompleteEvent`). */
  payload: Type<unknown>;
}

/** What every delivery carries and what its receiver answers, whatever the event. */
export interface WebhookReceiverDoc {
  headers: HeaderDoc[];
  responses: Record<string, { description: string }>;
}

/** The parts of the document the composition root knows: the error table, the tags, the webhooks. */
export interface ApiDocumentParts {
  /** Every error code → status and title; `error_code` is an enum of its keys. */
  errors: HttpErrorTable;
  /** Every tag an operation uses, with one line about it. */
  tags: Array<{ name: string; description: string }>;
  webhooks: { events: WebhookEventDoc[]; receiver: WebhookReceiverDoc };
  /** The example body of the shared 429 (a rate limit error of the API). */
  rateLimitedExample: ErrorExample;
  /** Example bodies of the other shared error responses. */
  payloadTooLargeExample: ErrorExample;
  unsupportedMediaTypeExample: ErrorExample;
  internalErrorExample: ErrorExample;
  serviceUnavailableExample: ErrorExample;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of `paths` with its path and method. */
function operations(document: OpenAPIObject): Array<{ path: string; method: string; operation: Node }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => isNode((item as Node)[method])).map((method) => ({
      path,
      method,
      operation: (item as Node)[method] as Node,
    })),
  );
}

/** Visits every object of the tree, depth first, children before their parent. */
function visit(node: unknown, fn: (node: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => visit(child, fn));
  if (!isNode(node)) return;
  Object.values(node).forEach((child) => visit(child, fn));
  fn(node);
}

/**
 * OpenAPI 3.1 has no `nullable`: a nullable schema admits `null` through its `type` (`['string', 'null']`, with
 * `null` among an `enum`'s values) or, for a reference, through `oneOf` with `{ type: 'null' }`.
 */
export function nullableTo31(document: OpenAPIObject): void {
  visit(document, (node) => {
    if (node.nullable === undefined) return;
    const nullable = node.nullable === true;
    delete node.nullable;
    if (!nullable) return;
    if (typeof node.type === 'string') {
      node.type = [node.type, 'null'];
      if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...(node.enum as unknown[]), null];
    } else if (Array.isArray(node.allOf) && node.allOf.length === 1) {
      // @nestjs/swagger writes a nullable reference as { type: 'object', nullable: true, allOf: [{ $ref }] }.
      node.oneOf = [node.allOf[0], { type: 'null' }];
      delete node.allOf;
      delete node.type;
    } else if (Array.isArray(node.oneOf)) {
      node.oneOf = [...(node.oneOf as unknown[]), { type: 'null' }];
    } else {
      throw new Error(`A nullable schema of no type the document can express: ${JSON.stringify(node)}`);
    }
  });
}

const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * A described reference is a `$ref` with a `description` beside it in 3.1, not an `allOf` of one (how @nestjs/swagger
 * writes it for 3.0): some generators turn such an `allOf` into a new, anonymous type.
 */
export function describedReferences(document: OpenAPIObject): void {
  visit(document, (node) => {
    if (!Array.isArray(node.allOf) || node.allOf.length !== 1 || !isNode(node.allOf[0]) || typeof node.allOf[0].$ref !== 'string') return;
    if (!Object.keys(node).every((key) => key === 'allOf' || ANNOTATIONS.has(key))) return;
    node.$ref = node.allOf[0].$ref;
    delete node.allOf;
  });
}

/**
 * No `format` (`date-time`, `uri`, `email`, …): generators turn formatted strings into Date objects or special
 * types, while the API sends and takes plain JSON strings. Descriptions and examples say what a string holds.
 */
export function withoutFormats(document: OpenAPIObject): void {
  visit(document, (node) => {
    if (typeof node.format === 'string' && (node.type !== undefined || node.$ref === undefined)) delete node.format;
  });
}

/**
 * A field's default goes into its description instead of `default`: openapi-typescript (default options) makes
 * every property with a `default` required, so a minimal request body would not type-check. Defaults belong to
 * request fields (the service fills them in); query parameters keep theirs, which generators treat as optional.
 */
export function defaultsAsDescriptions(document: OpenAPIObject): void {
  visit(document.components?.schemas, (node) => {
    if (!isNode(node.properties)) return;
    for (const property of Object.values(node.properties)) {
      if (!isNode(property) || property.default === undefined) continue;
      const shown = `Default: \`${JSON.stringify(property.default)}\`.`;
      const description = typeof property.description === 'string' ? property.description.trim() : '';
      property.description = description ? `${description}${/[.!?)]$/.test(description) ? '' : '.'} ${shown}` : shown;
      delete property.default;
    }
  });
}

/** `error_code` of the error body is one of the table's codes. */
export function errorCodeEnum(document: OpenAPIObject, errors: HttpErrorTable): void {
  const schema = document.components?.schemas?.[schemaName(ErrorResponseDto)] as Node | undefined;
  const errorCode = isNode(schema?.properties) ? (schema.properties.error_code as Node | undefined) : undefined;
  if (!errorCode) throw new Error('ErrorResponseDto.error_code is missing from the document');
  errorCode.enum = Object.keys(errors);
}

function schemaName(type: Type<unknown>): string {
  return getSchemaPath(type).replace('#/components/schemas/', '');
}

const ref = (kind: 'headers' | 'responses' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Headers every response carries (contract §1). */
const COMMON_HEADERS: Record<string, Node> = {
  'X-Request-Id': {
    description: 'Id of this request, also `request_id` in error bodies; quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', example: 'req_5f0c2d7e9b8a4c1d8e6f3a2b1c0d9e8f' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per window (a minute) for this caller: the account, or the IP when anonymous.',
    schema: { type: 'integer', example: 60 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', example: 59 },
  },
  'X-RateLimit-Reset': {
    description: 'When the window resets, in Unix epoch seconds.',
    schema: { type: 'integer', example: 1795341660 },
  },
};

const RETRY_AFTER: Node = {
  description: 'Seconds to wait before retrying; on a 429, present when a retry can succeed after a wait.',
  schema: { type: 'integer', example: 42 },
};

/**
 * Only on replays, so written out on each success rather than referenced: openapi-typescript types every referenced
 * response header as always present.
 */
const IDEMPOTENT_REPLAYED: Node = {
  description: '`true` when this is the remembered response of an earlier request with the same `Idempotency-Key`; absent otherwise.',
  required: false,
  schema: { type: 'string', enum: ['true'], example: 'true' },
};

/** The description of a success response that gives none. */
const SUCCESS_TEXT: Record<string, string> = { '200': 'OK.', '201': 'Created.', '202': 'Accepted.', '204': 'No content.' };

const commonHeaderRefs = () => Object.fromEntries(Object.keys(COMMON_HEADERS).map((name) => [name, ref('headers', name)]));

/** A shared error response: the one error body, an example, the common headers (and Retry-After when given). */
function errorResponse(description: string, example: ErrorExample, retryAfter = false): Node {
  return {
    description,
    headers: { ...commonHeaderRefs(), ...(retryAfter ? { 'Retry-After': ref('headers', 'Retry-After') } : {}) },
    content: {
      'application/json': {
        schema: ref('schemas', schemaName(ErrorResponseDto)),
        examples: { [example.key ?? example.error.code]: { summary: example.summary, value: errorBody(example.error) } },
      },
    },
  };
}

/**
 * Shared responses and headers, referenced from every operation: 429 (every `/v1` call counts against the rate
 * limit), 500 and 503 everywhere, 413 and 415 where a body is taken, the common headers on every response,
 * `Retry-After` on 429 and 503, `Idempotent-Replayed` on the successes of operations that take an `Idempotency-Key`.
 * A status an operation documents itself (a 429 with its own codes) keeps its examples and gains the headers.
 */
export function sharedResponses(document: OpenAPIObject, parts: ApiDocumentParts): void {
  const components = (document.components ??= {}) as Node;
  components.headers = { ...COMMON_HEADERS, 'Retry-After': RETRY_AFTER, ...((components.headers as Node | undefined) ?? {}) };
  const shared: Record<string, [name: string, response: Node]> = {
    '413': ['PayloadTooLarge', errorResponse('PAYLOAD_TOO_LARGE: the body is over 1 MiB.', parts.payloadTooLargeExample)],
    '415': [
      'UnsupportedMediaType',
      errorResponse(
        'UNSUPPORTED_MEDIA_TYPE: the body is not JSON (send `Content-Type: application/json`).',
        parts.unsupportedMediaTypeExample,
      ),
    ],
    '429': [
      'RateLimited',
      errorResponse(
        'RATE_LIMIT_EXCEEDED: the requests per minute of the plan (per IP when anonymous) are used up; retry after `Retry-After` seconds.',
        parts.rateLimitedExample,
        true,
      ),
    ],
    '500': ['InternalError', errorResponse('INTERNAL_ERROR: something went wrong on the service’s side.', parts.internalErrorExample)],
    '503': [
      'ServiceUnavailable',
      errorResponse(
        'SERVICE_UNAVAILABLE: a dependency (database, queue) is briefly away; retry after `Retry-After` seconds.',
        parts.serviceUnavailableExample,
        true,
      ),
    ],
  };
  components.responses = { ...((components.responses as Node | undefined) ?? {}), ...Object.fromEntries(Object.values(shared)) };

  for (const { operation } of operations(document)) {
    const responses = operation.responses as Node;
    const takesBody = operation.requestBody !== undefined;
    const idempotent = ((operation.parameters as Node[] | undefined) ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    for (const [status, response] of Object.entries(responses)) {
      if (!isNode(response) || response.$ref !== undefined) continue;
      const headers = { ...commonHeaderRefs(), ...((response.headers as Node | undefined) ?? {}) };
      if ((status === '429' || status === '503') && !headers['Retry-After']) headers['Retry-After'] = ref('headers', 'Retry-After');
      if (idempotent && status.startsWith('2')) headers['Idempotent-Replayed'] = { ...IDEMPOTENT_REPLAYED };
      response.headers = headers;
      if (response.description === '' && SUCCESS_TEXT[status]) response.description = SUCCESS_TEXT[status];
    }
    for (const [status, [name]] of Object.entries(shared)) {
      if ((status === '413' || status === '415') && !takesBody) continue;
      responses[status] ??= ref('responses', name);
    }
    operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** Operations the global guard lets through without a credential say so (`security: []`), as generators expect. */
export function publicOperations(document: OpenAPIObject): void {
  for (const { operation } of operations(document)) operation.security ??= [];
}

/** Resolves a `$ref` of `#/components/schemas/…`. */
function resolve(document: OpenAPIObject, schema: Node): Node {
  if (typeof schema.$ref !== 'string') return schema;
  const resolved = document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
  if (!isNode(resolved)) throw new Error(`Unresolved ${schema.$ref}`);
  return resolved;
}

/**
 * An example value of a schema, built from the examples of its properties (required ones; optional fields are
 * often state-specific, like a job's `video_url`): what a mock server or the docs show for a success.
 */
export function exampleOf(document: OpenAPIObject, schema: Node, depth = 0): unknown {
  if (depth > 12) throw new Error('Example nesting too deep: a recursive schema?');
  const resolved = resolve(document, schema);
  if (resolved.example !== undefined) return resolved.example;
  if (Array.isArray(resolved.oneOf)) {
    const option = (resolved.oneOf as Node[]).find((o) => o.type !== 'null');
    return option ? exampleOf(document, option, depth + 1) : null;
  }
  if (Array.isArray(resolved.allOf) && resolved.allOf.length === 1) return exampleOf(document, resolved.allOf[0] as Node, depth + 1);
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  const type = Array.isArray(resolved.type) ? (resolved.type as string[]).find((t) => t !== 'null') : resolved.type;
  if (type === 'array') return [exampleOf(document, resolved.items as Node, depth + 1)];
  if (type === 'object' || isNode(resolved.properties)) {
    const properties = (resolved.properties as Record<string, Node> | undefined) ?? {};
    const required = (resolved.required as string[] | undefined) ?? [];
    return Object.fromEntries(required.map((name) => [name, exampleOf(document, properties[name], depth + 1)]));
  }
  throw new Error(`No example for a schema of type ${String(type)}: give it one (${JSON.stringify(resolved).slice(0, 200)})`);
}

/** Every JSON success response shows an example body (unless its operation gives its own). */
export function successExamples(document: OpenAPIObject): void {
  for (const { operation } of operations(document)) {
    for (const [status, response] of Object.entries(operation.responses as Node)) {
      if (!status.startsWith('2') || !isNode(response) || !isNode(response.content)) continue;
      const media = response.content['application/json'];
      if (!isNode(media) || !isNode(media.schema) || media.example !== undefined || media.examples !== undefined) continue;
      media.example = exampleOf(document, media.schema);
    }
  }
}

/** The top-level `webhooks` (OpenAPI 3.1): one POST per event, its body, the signature headers, the expected answer. */
export function webhooks(document: OpenAPIObject, parts: ApiDocumentParts): void {
  const { events, receiver } = parts.webhooks;
  (document as unknown as Node).webhooks = Object.fromEntries(
    events.map((event) => {
      const schema = ref('schemas', schemaName(event.payload));
      return [
        event.event,
        {
          post: {
            operationId: event.operationId,
            summary: event.summary,
            description: event.description,
            tags: ['Webhooks'],
            security: [],
            parameters: receiver.headers.map(({ name, description, required, schema: headerSchema }) => ({
              name,
              in: 'header',
              required: required ?? false,
              description,
              schema: headerSchema,
            })),
            requestBody: {
              required: true,
              content: { 'application/json': { schema, example: exampleOf(document, schema) } },
            },
            responses: receiver.responses,
          },
        },
      ];
    }),
  );
}
