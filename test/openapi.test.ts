import 'reflect-metadata';
import { execFile } from 'node:child_process';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { mountedRoutes } from '../src/openapi/mounted-routes';
import { openApiPath } from '../src/openapi/openapi-document';
import { PATH_TABLE } from '../src/openapi/path-table';
import { restRoutes } from '../src/rest';
import { jobBody } from './support/backtest';
import { request } from './support/http';
import { signedClient } from './support/identity';
import { startTestService, type TestService } from './support/test-service';

const ROOT = path.resolve(__dirname, '..');

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: unknown }>
  >;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** The standard validator is an ES module Jest cannot load on Node 20, so it runs in its own process, as a CI step would. */
function validateWithStandardValidator(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const script = `import { Validator } from '@seriousme/openapi-schema-validator';
let input = ''; for await (const chunk of process.stdin) input += chunk;
const result = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT }, (error, stdout) =>
      error ? reject(new Error(error.message)) : resolve(JSON.parse(stdout) as { valid: boolean; errors?: unknown }),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

describe('GET /openapi.json and GET /docs', () => {
  let service: TestService;
  let document: OpenApiDocument;

  beforeAll(async () => {
    service = await startTestService();
    const response = await request<OpenApiDocument>(service.url, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => service.stop());

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateWithStandardValidator(document)).toEqual({ valid: true });
  });

  it('lists exactly the routes the service mounts, pass-through paths included, and the path table names no route that is not mounted', () => {
    const routes = mountedRoutes(restRoutes(service.service.services, service.service.logger));
    const mounted = routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([pathName, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathName}`))
      .sort();
    expect(documented).toEqual(mounted);
    const passThrough = new Set(service.service.services.marketPassThrough.paths().map((pathName) => `GET ${pathName}`));
    const routeKeys = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(routes.map((route) => `${route.method} ${route.path}`).filter((key) => !PATH_TABLE[key] && !passThrough.has(key))).toEqual([]);
    expect(Object.keys(PATH_TABLE).filter((key) => !routeKeys.has(key))).toEqual([]);
    for (const key of passThrough) expect(documented).toContain(key);
  });

  it('declares the three security schemes and uses them per path, with the error body of each kind of endpoint', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'appToken', 'planKey', 'signature', 'timestamp']);
    const createJob = document.paths['/v1/backtest/jobs']?.post;
    expect(createJob?.security).toEqual([{ apiKey: [], timestamp: [], signature: [] }]);
    expect(createJob?.responses['401']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CodedError' });
    expect(document.paths['/account/api-keys']?.get?.security).toEqual([{ appToken: [] }]);
    expect(document.paths['/stock/v1/klines']?.get?.security).toEqual([{ planKey: [] }]);
    expect(document.paths['/funding/rates']?.get?.security).toBeUndefined();
    expect(document.paths['/funding/rates']?.get?.responses['422']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/DetailError',
    });
    expect(createJob?.requestBody).toMatchObject({ content: { 'application/json': { schema: { properties: { template_id: { type: 'string' } } } } } });
  });

  it('a real job answered by GET /v1/backtest/jobs/{id} matches the schema the document gives it, and a changed one does not', async () => {
    const { users, apiKeys } = service.service.services;
    const user = await users.findOrCreateByEmail('openapi@example.com');
    const key = await apiKeys.create(user.id, {});
    const call = signedClient(service.url, key);
    const created = await call<{ id: string }>('POST', '/v1/backtest/jobs', jobBody());
    const job = (await call<Record<string, unknown>>('GET', `/v1/backtest/jobs/${created.body.id}`)).body;
    const schema = document.paths['/v1/backtest/jobs/{id}']?.get?.responses['200']?.content?.['application/json']?.schema;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const validate = ajv.compile({ $ref: `doc${(schema as { $ref: string }).$ref}` });
    expect(validate(job) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...job, submitted_at: 12 })).toBe(false);
  });

  it('GET /docs renders the document with a viewer the service serves itself: no page, script or style from another host', async () => {
    const page = await fetch(`${service.url}/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference.startsWith('/')).toBe(true);
      const asset = await fetch(`${service.url}${reference}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/text\/(css|javascript)/);
      if (reference.endsWith('start.js')) expect(await asset.text()).toContain("url: '/openapi.json'");
      else await asset.arrayBuffer();
    }
    const unknown = await request(service.url, 'GET', '/docs/assets/index.html');
    expect(unknown.status).toBe(404);
  });
});
