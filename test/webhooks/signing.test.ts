import { Webhook as StandardWebhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders, signingKey } from '../../src/services/webhooks/signing';

/** The native HMAC signing must be exactly what the reference Standard Webhooks implementation computes and verifies. */
describe('webhook signing', () => {
  const bodies = [
    '{}',
    JSON.stringify({ id: 'evt_1', type: 'strategy.deployed', data: { name: 'Grüße, 東京 🚀', price: '101.5' } }),
    JSON.stringify({ data: 'x'.repeat(70_000) }),
  ];

  it.each(bodies.map((body) => [body.length, body]))(
    'a %d-character body is signed as the reference signs it, and its verifier accepts it',
    (_length, body) => {
      const secret = newWebhookSecret();
      const at = new Date();
      const headers = signedHeaders([signingKey(secret)], 'evt_abc', body, at);
      expect(headers['webhook-signature']).toBe(new StandardWebhook(secret).sign('evt_abc', at, body));
      expect(() => new StandardWebhook(secret).verify(body, headers)).not.toThrow();
    },
  );

  it('during a rotation both signatures are sent, the new one first, and a verifier holding either secret accepts', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([signingKey(current), signingKey(previous)], 'evt_rot', '{"a":1}');
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']!.split(' ')[0]).toBe(
      new StandardWebhook(current).sign('evt_rot', new Date(Number(headers['webhook-timestamp']) * 1000), '{"a":1}'),
    );
    for (const secret of [current, previous]) expect(() => new StandardWebhook(secret).verify('{"a":1}', headers)).not.toThrow();
    expect(() => new StandardWebhook(newWebhookSecret()).verify('{"a":1}', headers)).toThrow();
  });
});
