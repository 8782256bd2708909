import type { PublicStrategyRecord } from '../../src/services/public-strategies/public-strategies.service';
import { request } from '../support/http';
import { anyOf, anyString, containing, matching } from '../support/matchers';
import { startTestService, type TestService } from '../support/test-service';

const NOT_FOUND = { detail: '策略不存在' };

describe('public strategy records over REST', () => {
  let service: TestService;
  const call = <T = unknown>(method: string, path: string, json?: unknown) => request<T>(service.url, method, path, json === undefined ? {} : { json });

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('GET /strategies answers [] when there are none', async () => {
    const response = await call('GET', '/strategies');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('POST /strategies creates a record with every field and zone-less timestamps', async () => {
    const response = await call<PublicStrategyRecord>('POST', '/strategies', {
      name: 'Breakout',
      author: 'ana',
      description: 'buys breakouts',
      entry_condition: 'close > high_20',
      exit_condition: 'close < low_10',
      bot_name: 'bot-1',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: anyOf(Number),
      name: 'Breakout',
      author: 'ana',
      description: 'buys breakouts',
      entry_condition: 'close > high_20',
      exit_condition: 'close < low_10',
      bot_name: 'bot-1',
      created_at: matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/),
      updated_at: matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/),
    });
    const fetched = await call('GET', `/strategies/${response.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(response.body);
  });

  it('GET /strategies lists records by created_at descending', async () => {
    const first = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'older' });
    const second = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'newer' });
    const list = await call<PublicStrategyRecord[]>('GET', '/strategies');
    const ids = list.body.map((record) => record.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    const times = list.body.map((record) => record.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('PUT /strategies/{id} changes the given fields, leaves omitted and null ones, ignores name and bumps updated_at', async () => {
    const created = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'keep-name', author: 'a', description: 'd', bot_name: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await call<PublicStrategyRecord>('PUT', `/strategies/${created.body.id}`, { author: 'z', description: null, name: 'renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'keep-name', author: 'z', description: 'd', bot_name: 'b' });
    expect(updated.body.created_at).toBe(created.body.created_at);
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);
    expect((await call('GET', `/strategies/${created.body.id}`)).body).toEqual(updated.body);
  });

  it('PUT with an empty body still bumps updated_at', async () => {
    const created = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'empty-put' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await call<PublicStrategyRecord>('PUT', `/strategies/${created.body.id}`, {});
    expect(updated.status).toBe(200);
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);
  });

  it('DELETE /strategies/{id} answers 204, then the record is gone', async () => {
    const created = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'doomed' });
    const deleted = await call('DELETE', `/strategies/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const fetched = await call('GET', `/strategies/${created.body.id}`);
    expect(fetched.status).toBe(404);
    expect(fetched.body).toEqual(NOT_FOUND);
  });

  it.each([
    ['GET', '/strategies/999999'],
    ['PUT', '/strategies/999999'],
    ['DELETE', '/strategies/999999'],
    ['GET', '/strategies/0'],
    ['GET', '/strategies/99999999999999999999'],
  ])('%s %s of a missing record answers 404 with the Chinese detail', async (method, path) => {
    const response = await call(method, path, method === 'PUT' ? { author: 'x' } : undefined);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  it.each(['GET', 'PUT', 'DELETE'])('%s with a non-integer strategy_id answers 422 int_parsing at path.strategy_id', async (method) => {
    const response = await call(method, '/strategies/abc', method === 'PUT' ? {} : undefined);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'int_parsing', loc: ['path', 'strategy_id'], msg: containing('valid integer') }],
    });
  });

  it.each([
    ['author', 5, 'string_type'],
    ['description', true, 'string_type'],
    ['entry_condition', ['x'], 'string_type'],
    ['exit_condition', { a: 1 }, 'string_type'],
    ['bot_name', 1.5, 'string_type'],
  ])('PUT with %s = %p answers 422 %s at body.<field> and changes nothing', async (field, value, type) => {
    const created = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'typed', author: 'orig', bot_name: 'orig' });
    const response = await call('PUT', `/strategies/${created.body.id}`, { bot_name: 'changed', [field]: value });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type, loc: ['body', field], msg: anyString() }] });
    expect((await call('GET', `/strategies/${created.body.id}`)).body).toEqual(created.body);
  });

  it.each([
    [{}, { type: 'missing', loc: ['body', 'name'] }],
    [{ name: '' }, { type: 'string_too_short', loc: ['body', 'name'] }],
    [{ name: 'x'.repeat(201) }, { type: 'string_too_long', loc: ['body', 'name'] }],
    [{ name: 7 }, { type: 'string_type', loc: ['body', 'name'] }],
    [
      { name: 'ok', author: 3 },
      { type: 'string_type', loc: ['body', 'author'] },
    ],
    [[1, 2], { type: 'model_type', loc: ['body'] }],
  ])('POST /strategies with %j answers 422 %j', async (body, issue) => {
    const response = await call('POST', '/strategies', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ ...issue, msg: anyString() }] });
  });

  it('POST /strategies with no body answers 422 missing body', async () => {
    const response = await request(service.url, 'POST', '/strategies');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required' }] });
  });

  it('malformed JSON answers 422 json_invalid, not 500', async () => {
    const response = await request(service.url, 'POST', '/strategies', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }] });
  });

  it('a body over the 256 kB limit answers 413 without storing anything', async () => {
    const before = (await call<PublicStrategyRecord[]>('GET', '/strategies')).body.length;
    const response = await call<PublicStrategyRecord>('POST', '/strategies', { name: 'big', description: 'x'.repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'request body too large' });
    expect((await call<PublicStrategyRecord[]>('GET', '/strategies')).body.length).toBe(before);
  });

  it('unknown paths answer 404 with a detail body', async () => {
    const response = await call('GET', '/no-such-path');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not Found' });
  });
});
