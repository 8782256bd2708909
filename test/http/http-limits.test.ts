import net from 'node:net';
import WebSocket from 'ws';
import { request } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';

/** Issue 10 item 9 and issue 17 defect 3: what a slow or oversized client gets, what 5xx answers leave in the metrics, what SQL errors leave in the log. */
describe('HTTP and WebSocket limits, 5xx metrics and SQL error logs', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ HTTP_REQUEST_TIMEOUT_MS: '500' });
  });
  afterAll(() => service.stop());

  /** Sends `head` over a raw socket and resolves with what the server answered and when it closed. */
  function rawRequest(head: string): Promise<{ answer: string; elapsedMs: number }> {
    const { port } = new URL(service.url);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('close', () => resolve({ answer, elapsedMs: Date.now() - started }));
      socket.on('error', reject);
    });
  }

  it.each([
    ['declares more body than it sends', 'POST /strategies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":'],
    ['never finishes its headers', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: '],
  ])(
    'a request that %s is answered 408 and closed once HTTP_REQUEST_TIMEOUT_MS has passed',
    async (_name, head) => {
      const { answer, elapsedMs } = await rawRequest(head);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(elapsedMs).toBeLessThan(3_000);
    },
    10_000,
  );

  it('a 20 MB graphql-ws connection_init is refused from its frame header (1009), before authentication', async () => {
    const socket = new WebSocket(`${service.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'x'.repeat(20 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
  });

  it('5xx answers reach the request histogram', async () => {
    // The upstream of the test service is unreachable: the gateway answers 502.
    expect((await request(service.url, 'GET', '/funding/rates/BTCUSDT')).status).toBe(502);
    const text = await (await fetch(`${service.url}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/funding\/rates\/:symbol",status="502"\} \d+/);
  });

  it('an SQL error is logged with its SQLSTATE and PostgreSQL message, without the values of its statement', async () => {
    const secret = 'private.person@example.com';
    const failure = await service.service.orm.em
      .fork()
      .getConnection()
      .execute('SELECT ?::int AS value', [secret])
      .catch((error: unknown) => error);
    service.service.logger.error({ err: failure }, 'query failed');
    await new Promise((resolve) => setImmediate(resolve));
    const line = service.logs.find((entry) => entry.includes('"msg":"query failed"'));
    expect(line).toBeDefined();
    expect(line).toContain('"code":"22P02"');
    expect(line).toContain('invalid input syntax for type integer');
    expect(line).not.toContain(secret);
  });
});
