import { readFileSync } from 'node:fs';
import { generateOpenApiJson, OPENAPI_FILE } from './openapi';

describe('committed OpenAPI document', () => {
  it('matches the API (run `npm run openapi` after changing endpoints or DTOs)', async () => {
    const generated = await generateOpenApiJson();
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
  }, 30000);

  it('documents every endpoint of the spec with the bearer scheme', async () => {
    const doc = JSON.parse(await generateOpenApiJson());
    for (const path of ['/v1/render', '/v1/auth/register', '/v1/auth/login', '/v1/auth/resend-verification', '/v1/usage']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/auth/login'].post.security).toBeUndefined();
    expect(doc.paths['/v1/usage'].get.security).toEqual([{ bearer: [] }]);
  }, 30000);

  it('names every operation for SDK generators: verb first, lowerCamelCase, unique (createRender, listRenders)', async () => {
    const doc = JSON.parse(await generateOpenApiJson()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(ids.length).toBeGreaterThanOrEqual(30);
    for (const id of ids)
      expect(id).toMatch(
        /^(create|get|list|cancel|preview|search|update|delete|revoke|rotate|redeliver|register|logIn|resend|verify)[A-Za-z]*$/,
      );
    expect(new Set(ids).size).toBe(ids.length);
  }, 30000);
});
