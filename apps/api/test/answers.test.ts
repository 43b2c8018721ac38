import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { registerAnswers } from '../src/plugins/answers.js';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { allResources, recordMaker } from './helpers/records.js';

// Decision 037: every route declares its answer (OpenAPI shows it) and every answer is checked against it as written.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

type Operation = { responses?: Record<string, { description?: string; content?: Record<string, { schema?: { description?: string } }> }> };

describe('OpenAPI at /api/docs/json', () => {
  it('declares a 2xx answer for at least 95 % of the operations, and the error answers of contract §2', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));
    const success = (op: Operation) => Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code));
    const declared = operations.filter(({ op }) => success(op).length > 0);
    const described = declared.filter(({ op }) => success(op).some(([, r]) => !/Not yet described/.test(r.content?.['application/json']?.schema?.description ?? '')));
    const undeclared = operations.filter((o) => !declared.includes(o)).map((o) => o.name);
    // printed so a run shows where the mechanism stands
    console.info(`answers: ${operations.length} operations, ${declared.length} declare a 2xx, ${described.length} describe it beyond "any JSON"`);
    expect(operations.length).toBeGreaterThan(150);
    expect(declared.length / operations.length, `undeclared: ${undeclared.join(', ')}`).toBeGreaterThanOrEqual(0.95);
    expect(described.length / operations.length).toBeGreaterThanOrEqual(0.6);
    const product = paths['/api/products/{id}']!.get!.responses!;
    expect(Object.keys(product).sort()).toEqual(['200', '401', '403', '404', '422']);
    const productSchema = JSON.stringify(product['200']);
    for (const field of ['"data"', '"price"', '"stock_status"', '"created_at"']) expect(productSchema).toContain(field);
    expect(JSON.stringify(paths['/api/products']!.get!.responses!['200'])).toContain('"current_page"');
    expect(JSON.stringify(product['422'])).toContain('"errors"');
  });
});

describe('the serializer checks an answer and never rewrites it', () => {
  async function tinyApp() {
    const app = Fastify();
    registerErrorHandling(app);
    registerAnswers(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const extra = { data: { id: 1, name: 'Ada', extra: 'kept' } };
    typed.get('/api/strict', { schema: { response: { 200: z.object({ data: z.strictObject({ id: z.number(), name: z.string() }) }) } } }, async () => extra as never);
    typed.get('/api/open', { schema: { response: { 200: z.object({ data: z.object({ id: z.number(), name: z.string() }) }) } } }, async () => extra as never);
    typed.get('/api/wrong', { schema: { response: { 200: z.object({ data: z.object({ id: z.number() }) }) } } }, async () => ({ data: { id: '1' } }) as never);
    typed.get('/api/dates', { schema: { response: { 200: z.object({ data: z.object({ at: z.string() }) }) } } }, async () => ({ data: { at: new Date('2026-11-29T10:00:00.123Z') } }) as never);
    await app.ready();
    return app;
  }

  it('refuses (500, logged) a field a strict schema does not name, and a field of the wrong type', async () => {
    const app = await tinyApp();
    const strict = await app.inject({ method: 'GET', url: '/api/strict' });
    expect(strict.statusCode).toBe(500);
    expect(strict.json()).toEqual({ message: 'Server Error.' });
    const wrong = await app.inject({ method: 'GET', url: '/api/wrong' });
    expect(wrong.statusCode).toBe(500);
    await app.close();
  });

  it('keeps a field an open schema does not name (never stripped) and writes dates as JSON.stringify does', async () => {
    const app = await tinyApp();
    const open = await app.inject({ method: 'GET', url: '/api/open' });
    expect(open.statusCode).toBe(200);
    expect(open.payload).toBe('{"data":{"id":1,"name":"Ada","extra":"kept"}}');
    const dates = await app.inject({ method: 'GET', url: '/api/dates' });
    expect(dates.payload).toBe('{"data":{"at":"2026-11-29T10:00:00.123Z"}}');
    await app.close();
  });

  it('answers byte for byte what an app that only writes them answers (each resource’s list and record, the dashboard, errors)', async () => {
    // one record of every resource that has samples, its references made from theirs
    const { make } = recordMaker(() => t, () => admin);
    const urls = ['/api/user', '/api/dashboard', '/api/settings', '/api/products/999999', '/api/products?page=0'];
    for (const r of allResources.filter((res) => res.fixture)) {
      const record = await make(r);
      urls.push(`${r.path}?page=1`, `${r.path}/${record.id}`);
    }
    const plain = await buildApp({ database: t.database, config: { ...loadConfig({}), dataDir: t.dataDir }, checkAnswers: false });
    await plain.ready();
    for (const url of urls) {
      const checked = await t.call(admin, { method: 'GET', url });
      const written = await plain.inject({ method: 'GET', url, headers: { accept: 'application/json', authorization: `Bearer ${admin}` } });
      expect(checked.statusCode, url).toBe(written.statusCode);
      // the dashboard says when it was made (`generated_at`, yesterday's same instant): the two calls differ only there
      const now = (text: string) => (url === '/api/dashboard' ? text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'NOW') : text);
      expect(now(checked.payload), url).toBe(now(written.payload));
    }
    await plain.close();
  });
});
