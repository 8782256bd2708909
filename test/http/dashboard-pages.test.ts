import type { AddressInfo } from 'node:net';
import express from 'express';
import { dashboardRoutes } from '../../src/http/dashboard.routes';
import { request } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';
import { ensureWebBuild } from '../support/web-build';

/** How a browser asks for a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function get(baseUrl: string, path: string, accept = BROWSER_ACCEPT) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the dashboard and the GraphQL IDE pages (contract §14)', () => {
  let service: TestService;

  beforeAll(async () => {
    await ensureWebBuild();
    service = await startTestService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it('GET / is the dashboard page, revalidated on each load, allowed to load nothing from another host', async () => {
    const page = await get(service.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(page.text).toMatch(/<script type="module" src="\/assets\/index-[A-Z0-9]+\.js"><\/script>/);
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('hashed assets are cached for a year; an unknown asset is the plain 404', async () => {
    const script = /src="(\/assets\/index-[A-Z0-9]+\.js)"/.exec((await get(service.url, '/')).text)?.[1];
    expect(script).toBeDefined();
    const asset = await get(service.url, script ?? '', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await request(service.url, 'GET', '/assets/index-NOSUCH.js');
    expect(missing).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });

  it('/favicon.ico is the service icon, not a 404 in the console', async () => {
    const icon = await get(service.url, '/favicon.ico', 'image/*');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('GET /graphql from a browser is the bundled GraphiQL; API calls on the same path still reach GraphQL', async () => {
    const ide = await get(service.url, '/graphql');
    expect(ide.status).toBe(200);
    expect(ide.headers.get('cache-control')).toBe('no-cache');
    expect(ide.text).toMatch(/src="\/assets\/graphiql-[A-Z0-9]+\.js"/);
    expect(ide.text).not.toMatch(/(src|href)="(https?:)?\/\//);

    const query = await get(service.url, `/graphql?query=${encodeURIComponent('{ __typename }')}`, 'application/json');
    expect(query.headers.get('content-type')).toMatch(/^application\/json/);
    expect(query.text).not.toContain('<html');
    const post = await request(service.url, 'POST', '/graphql', { json: { query: '{ __typename }' } });
    expect(post).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
  });

  it('without a build, the pages fall through to the next handler instead of failing', async () => {
    const app = express();
    app.use(dashboardRoutes('/nonexistent/web/dist'));
    app.use((_req, res) => res.status(404).json({ detail: 'Not Found' }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/', '/graphql', '/favicon.ico', '/assets/index-ABC.js']) {
        const answer = await get(url, path);
        expect({ path, status: answer.status, csp: answer.headers.get('content-security-policy') }).toEqual({ path, status: 404, csp: null });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
