import { API_POLICIES } from '@outpost/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-stores';
import { API_DOCS_PATH } from './route-schemas';

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** `GET /api/admin/:env/access` → ['get', '/api/admin/{env}/access'], as OpenAPI writes paths. */
function documentKey(route: string): [method: string, path: string] {
  const [method = '', path = ''] = route.split(' ');
  return [method.toLowerCase(), path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')];
}

describe('the OpenAPI document at /api/docs', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const answer = await t.app.inject({ url: API_DOCS_PATH });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  });
  afterAll(() => t.cleanup());

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it.each(Object.keys(API_POLICIES))('documents %s with its answers and the error shape', (route) => {
    const [method, path] = documentKey(route);
    const operation = document.paths[path]?.[method];
    expect(operation, `${route} is missing from ${API_DOCS_PATH}`).toBeDefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it('documents no route outside the API', () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/') && !path.endsWith('z'))).toEqual([]);
  });

  it('describes requests from the contracts: the query of check-email, the body of a callable', () => {
    const checkEmail = document.paths['/api/fn/check-email']?.get;
    expect(checkEmail?.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'email', required: true })]);
    const signup = document.paths['/api/callable/signupForEmails']?.post;
    expect(signup?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { data: { type: 'string' } },
      required: ['data'],
    });
  });
});
