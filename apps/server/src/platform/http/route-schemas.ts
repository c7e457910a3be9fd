import swagger from '@fastify/swagger';
import { functionErrorBodySchema } from '@outpost/contracts/callable';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { isApiRoute } from './route-hooks';

/** Every schema a route declares is a contracts (zod) schema. */
export type ContractSchema = z.core.$ZodType;

export const API_DOCS_PATH = '/api/docs';

/** The JSON Schema of a contract's input (what a request may send) or output (what we answer). */
function toJsonSchema(schema: ContractSchema, io: 'input' | 'output'): Record<string, unknown> {
  // `unrepresentable: 'any'`: a refinement or transform has no JSON Schema; the zod schema still enforces it.
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io,
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return jsonSchema;
}

/**
 * Requests are validated by the contract itself, so the contract's own messages reach the caller
 * and its transforms (trim, lower-case) apply; a failure is the ZodError, which the error
 * handler turns into 400 invalid-argument.
 */
const contractValidator: FastifySchemaCompiler<ContractSchema> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/**
 * Answers are written by fast-json-stringify, compiled once per route from the contract's JSON
 * Schema: faster than JSON.stringify, and a field the contract does not name is never sent.
 * Where the schema branches (anyOf, a nullable object) it picks the branch with Ajv, whose
 * formats are not zod's: zod's email check takes "a@b-.cd", Ajv's email format does not, so a
 * profile the contract had accepted and stored answered 500 (found by fuzz.test.ts). Formats are
 * zod's to check, on the way in; the serializer ignores them.
 */
const contractSerializer: FastifySerializerCompiler<ContractSchema> = ({ schema }) =>
  fastJson(toJsonSchema(schema, 'output'), { ajv: { validateFormats: false } }) as (data: unknown) => string;

/** Makes routes read their schemas as contracts: zod validates, compiled serializers answer. */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer);
}

const ERROR_RESPONSES = { '4xx': functionErrorBodySchema, '5xx': functionErrorBodySchema };

function declaresSuccess(response: unknown): boolean {
  return (
    typeof response === 'object' && response !== null && Object.keys(response).some((code) => code.startsWith('2'))
  );
}

/** What an API route reads, as its contracts declare it: the fuzz test (fuzz.test.ts) generates requests from these. */
export interface ApiRouteContract {
  method: string;
  url: string;
  body?: ContractSchema;
  querystring?: ContractSchema;
  /** The route's own body limit, where it sets one above or below the app's. */
  bodyLimit?: number;
}

const apiRouteContracts = new WeakMap<FastifyInstance, ApiRouteContract[]>();

/** The request contracts of every API route of `app`, in the order they were registered. */
export function listApiRouteContracts(app: FastifyInstance): readonly ApiRouteContract[] {
  return apiRouteContracts.get(app) ?? [];
}

function requestContracts(route: RouteOptions): ApiRouteContract[] {
  const { body, querystring } = (route.schema ?? {}) as Partial<Record<string, ContractSchema>>;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({
    method,
    url: route.url,
    ...(body ? { body } : {}),
    ...(querystring ? { querystring } : {}),
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
  }));
}

/** An API route must say what it answers; it also answers the protocol's error shape. */
function completeApiSchema(route: RouteOptions): void {
  const schema = route.schema ?? {};
  if (!declaresSuccess(schema.response)) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`${methods} ${route.url} declares no success response schema (schema.response[200]).`);
  }
  route.schema = { ...schema, response: { ...ERROR_RESPONSES, ...(schema.response as object) } };
}

/**
 * One schema source: each API route declares its request and response schemas from the
 * contracts; they validate requests, compile the answers' serializers and make the OpenAPI
 * 3.1 document served at /api/docs. Register before any route.
 */
export async function registerRouteSchemas(
  app: FastifyInstance,
  info: { title: string; version: string },
): Promise<void> {
  useContractSchemas(app);
  const contracts: ApiRouteContract[] = [];
  apiRouteContracts.set(app, contracts);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    completeApiSchema(route);
    contracts.push(...requestContracts(route));
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, description: 'The Outpost HTTP API, generated from its contracts.' },
    },
    // The web app's documents and files are not part of the API.
    transform: (document) =>
      isApiRoute(document.url) ? jsonSchemaTransform(document) : { schema: { hide: true }, url: document.url },
  });
}

/** GET /api/docs: the OpenAPI document, built once from the registered routes. */
export function registerApiDocs(app: FastifyInstance): void {
  app.get(API_DOCS_PATH, { schema: { response: { 200: z.record(z.string(), z.unknown()) } } }, () => app.swagger());
}
