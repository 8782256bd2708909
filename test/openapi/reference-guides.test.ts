import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';

const ROOT = path.resolve(__dirname, '../..');

/** Issue 31: /docs named docs/signing.md and others as plain text, which the service answered 404 for, and let "Authorize" look as if it could sign. */
describe('the API reference at /docs', () => {
  let service: TestService;
  let info: { description: string };
  let schemes: Record<string, { description?: string }>;

  beforeAll(async () => {
    service = await startTestService();
    const document = await request<{ info: { description: string }; components: { securitySchemes: Record<string, { description?: string }> } }>(
      service.url,
      'GET',
      '/openapi.json',
    );
    info = document.body.info;
    schemes = document.body.components.securitySchemes;
  });
  afterAll(() => service.stop());

  it('links every guide it names to a path the service answers with the guide itself', async () => {
    const texts = [info.description, ...Object.values(schemes).map((scheme) => scheme.description ?? '')].join('\n');
    const named = [...texts.matchAll(/docs\/[a-z0-9-]+\.md/g)].map((match) => match[0]);
    const links = [...texts.matchAll(/\[(docs\/[a-z0-9-]+\.md)\]\((\/docs\/guides\/[a-z0-9-]+\.md)\)/g)];
    expect(named.length).toBeGreaterThanOrEqual(3);
    // Each mention is the text of a link, none left as plain text.
    expect(links.map((link) => link[1])).toEqual(named);
    for (const [, file, href] of links) {
      const response = await fetch(`${service.url}${href}`);
      expect([href, response.status, response.headers.get('content-type')]).toEqual([href, 200, 'text/plain; charset=utf-8']);
      expect(await response.text()).toBe(await readFile(path.join(ROOT, file!), 'utf8'));
    }
  });

  it.each(['nothing.md', 'signing', '..%2Fpackage.json', '.env'])('answers 404 {"detail":"Not Found"} for /docs/guides/%s', async (name) => {
    const response = await request(service.url, 'GET', `/docs/guides/${name}`);
    expect([response.status, response.body]).toEqual([404, { detail: 'Not Found' }]);
  });

  it('says plainly that Try it out works for the public paths only, as the page cannot sign', () => {
    expect(info.description).toContain('Try it out works for the public paths only');
    expect(schemes.apiKey?.description).toContain('cannot sign');
  });
});
