import { createConfig, lintFromString, stringifyYaml } from '@redocly/openapi-core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationDocs } from '../../server/http/openapi-operations';
import { testApp } from './helpers';

type Operation = { operationId?: string; summary?: string; security?: unknown[] };
type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let document: { paths: Record<string, Record<string, Operation>>; security: unknown[] };
const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

beforeAll(async () => {
  // With Shopify configured, so the document has its webhook too.
  ctx = await testApp({
    shopify: {
      shopUrl: 'https://spirit.myshopify.com',
      accessToken: 'shpat_test',
      apiVersion: '2025-01',
      webhookSecret: 'a-webhook-secret-of-32-characters',
    },
  });
  document = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => ctx.app.close());

/**
 * Warnings left on purpose. The spec's own paths: `PUT users/with-photo/{id}` and `PATCH
 * users/{id}/lock` (and `/unlock`) are both in section 7, and a path parameter could read
 * "with-photo" as an id. A private portal has no licence to name. Three public reads that take
 * nothing cannot fail with a 4xx. Three browser navigations answer with a redirect (302, which
 * the rule does not count as success).
 */
const explainedWarnings = [
  { rule: 'info-license', where: '#/info' },
  // 'media/print-file/x' would fit both it and /{id}/print-file/{side}; an id is a number.
  { rule: 'no-ambiguous-paths', where: '#/paths/~1api~1merchandise~1media~1{prefix}~1{id}' },
  { rule: 'no-ambiguous-paths', where: '#/paths/~1api~1users~1{id}~1lock' },
  { rule: 'no-ambiguous-paths', where: '#/paths/~1api~1users~1{id}~1unlock' },
  // Beside the spec's /api/users/with-photo/{id}, as lock and unlock are.
  { rule: 'no-ambiguous-paths', where: '#/paths/~1api~1users~1{id}~1passkeys' },
  { rule: 'operation-4xx-response', where: '#/paths/~1api~1account~1cookie-expiration/get/responses' },
  { rule: 'operation-2xx-response', where: '#/paths/~1api~1account~1confirm-account-redirect/get/responses' },
  { rule: 'operation-4xx-response', where: '#/paths/~1api~1account~1external-providers/get/responses' },
  { rule: 'operation-2xx-response', where: '#/paths/~1api~1account~1ExternalLogin/get/responses' },
  { rule: 'operation-2xx-response', where: '#/paths/~1api~1account~1ExternalLoginCallback/get/responses' },
  { rule: 'operation-4xx-response', where: '#/paths/~1api~1embedding/get/responses' },
];

describe('the OpenAPI document as client generators read it', () => {
  it("passes Redocly's recommended lint with no error, and only the warnings the spec's paths cause", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: stringifyYaml(document), config });
    const found = problems.map((problem) => ({
      severity: problem.severity,
      rule: problem.ruleId,
      where: problem.location[0]?.pointer,
      message: problem.message,
    }));
    expect(found.filter((problem) => problem.severity === 'error')).toEqual([]);
    const warnings = found.map(({ rule, where }) => ({ rule, where }));
    expect(warnings).toEqual(explainedWarnings);
  });

  it('names every operation with a unique operationId and gives each a summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => !operation.operationId || !operation.summary)).toEqual([]);
    expect(document.paths['/api/account/login'].post.operationId).toBe('postAccountLogin');
    expect(document.paths['/api/users/with-photo/{id}'].put.operationId).toBe('putUsersWithPhotoById');
  });

  it("documents only routes that exist: every entry of the modules' operation list names one", () => {
    const documented = new Set(operations().map(({ key }) => key));
    expect(Object.keys(operationDocs).filter((key) => !documented.has(key))).toEqual([]);
  });

  it('asks for the session cookie by default, and the routes marked public open without it', async () => {
    expect(document.security).toEqual([{ session: [] }]);
    const publicOperations = operations().filter(({ operation }) => operation.security?.length === 0);
    expect(publicOperations.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['POST /api/account/login', 'POST /api/contact']),
    );
    const refused: string[] = [];
    for (const { key } of publicOperations) {
      const [method, path] = key.split(' ');
      const response = await ctx.app.inject({
        method: method as HTTPMethods,
        url: path.replace(/\{[^}]+\}/g, '1'),
        payload: method === 'GET' ? undefined : {},
      });
      if (response.statusCode === 401) refused.push(key);
    }
    expect(refused).toEqual([]);
    const me = await ctx.app.inject({ url: '/api/account/me' });
    expect(me.statusCode).toBe(401);
    expect(document.paths['/api/account/me'].get.security).toBeUndefined();
  });
});
