import { createHmac } from 'node:crypto';
import { listenLocally, type LocalServer } from './listen';

/**
 * The exchange's signed account endpoint (`GET /fapi/v2/account`): it knows
 * some key/secret pairs and answers 200 only when `X-MBX-APIKEY` is one of
 * them and `signature` is the HMAC of the rest of the query with its secret.
 */
export class ExchangeAccountStandIn {
  failing = false;
  readonly calls: { apiKey: string | undefined; query: string }[] = [];
  private readonly accounts = new Map<string, string>();
  private server?: LocalServer;

  get url(): string {
    return this.server!.url;
  }

  addAccount(apiKey: string, apiSecret: string): void {
    this.accounts.set(apiKey, apiSecret);
  }

  async start(): Promise<this> {
    this.server = await listenLocally((req, res) => {
      const [path, query = ''] = (req.url ?? '').split('?');
      const apiKey = req.headers['x-mbx-apikey'] as string | undefined;
      this.calls.push({ apiKey, query });
      if (this.failing) return void res.writeHead(503).end();
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'GET' || path !== '/fapi/v2/account') return reply(404, { code: -1, msg: 'not found' });
      const secret = apiKey ? this.accounts.get(apiKey) : undefined;
      if (!secret) return reply(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      const signed = /^(?<payload>.*)&signature=(?<signature>[0-9a-f]{64})$/.exec(query);
      const params = new URLSearchParams(query);
      const fresh = Math.abs(Date.now() - Number(params.get('timestamp'))) < Number(params.get('recvWindow') ?? 5000);
      const expected = signed ? createHmac('sha256', secret).update(signed.groups!.payload).digest('hex') : '';
      if (!signed || signed.groups!.signature !== expected || !fresh) return reply(400, { code: -1022, msg: 'Signature for this request is not valid.' });
      return reply(200, { totalWalletBalance: '1000.00000000', assets: [] });
    });
    return this;
  }

  stop(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }
}
