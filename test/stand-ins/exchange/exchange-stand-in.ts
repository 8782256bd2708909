import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAPI_ROUTES, type Handler } from './fapi-responses';
import { attachMarketStreams, type MarketStreamsControl } from './market-streams';
import { scriptedKlines, type CloseScript } from './scripted-klines';
import { WEB_ROUTES } from './web-responses';

/**
 * A local stand-in for the exchange: one HTTP server on 127.0.0.1 that answers
 * both the futures host's and the web host's paths (point `UPSTREAM_FAPI_URL`
 * and `UPSTREAM_WEB_URL` at it) and serves the market streams (point
 * `UPSTREAM_WS_URL` at `wsUrl`), with switches for the failures the gateway
 * must survive and a count of calls per path.
 */

export type Fault =
  /** Answer with this status, body (JSON-encoded unless a string) and headers instead of the data. */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Answer normally, but only after this long. */
  | { delayMs: number }
  /** Close the connection without answering. */
  | { drop: true };

interface ActiveFault {
  fault: Fault;
  remaining: number;
}

export interface ExchangeStandIn {
  url: string;
  /** The market-stream WebSocket base (`ws://...`), for `UPSTREAM_WS_URL`. */
  wsUrl: string;
  /** The market streams: send, drop and refuse connections. */
  streams: MarketStreamsControl;
  /** Calls received per path (query strings excluded). */
  calls(path: string): number;
  /** The query of the last call to `path`. */
  lastQuery(path: string): URLSearchParams | undefined;
  /** Applies `fault` to the next `times` calls of `path` (`'*'` for every path); default: until cleared. */
  fault(path: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** Klines of `symbol` (any interval) follow `script` from now on instead of the seeded walk. */
  scriptCloses(symbol: string, script: CloseScript): void;
  resetCalls(): void;
  close(): Promise<void>;
}

const ROUTES: Record<string, Handler> = { ...FAPI_ROUTES, ...WEB_ROUTES };

export interface ExchangeStandInOptions {
  port?: number;
  now?: () => number;
  /** Answers a request first (e.g. the signed account stand-in's paths); returns false to leave it to the market data. */
  before?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** How often each open market stream gets an event (default 1000 ms, as `@markPrice@1s`); 0 for only the events a test sends. */
  streamEventEveryMs?: number;
}

export async function startExchangeStandIn(options: ExchangeStandInOptions = {}): Promise<ExchangeStandIn> {
  const now = options.now ?? Date.now;
  const scripts = new Map<string, CloseScript>();
  const calls = new Map<string, number>();
  const queries = new Map<string, URLSearchParams>();
  const faults = new Map<string, ActiveFault>();
  let weightMinute = 0;
  let usedWeight = 0;

  function takeFault(path: string): Fault | undefined {
    for (const key of [path, '*']) {
      const active = faults.get(key);
      if (!active) continue;
      active.remaining -= 1;
      if (active.remaining <= 0) faults.delete(key);
      return active.fault;
    }
    return undefined;
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    if (options.before?.(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    queries.set(url.pathname, url.searchParams);
    const fault = takeFault(url.pathname);
    if (fault && 'drop' in fault) {
      req.socket.destroy();
      return;
    }
    if (fault && 'status' in fault) {
      const body =
        typeof fault.body === 'string'
          ? fault.body
          : JSON.stringify(fault.body ?? { code: -1000, msg: 'An unknown error occured while processing the request.' });
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers }).end(body);
      return;
    }
    const respond = () => {
      const script = url.pathname === '/fapi/v1/klines' ? scripts.get(url.searchParams.get('symbol') ?? '') : undefined;
      if (script) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(scriptedKlines(script, url.searchParams, now())));
        return;
      }
      const handler = ROUTES[url.pathname];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>404 Not Found</h1></body></html>');
        return;
      }
      const result = handler(url.searchParams, now());
      const minute = Math.floor(now() / 60_000);
      if (minute !== weightMinute) [weightMinute, usedWeight] = [minute, 0];
      usedWeight += result.weight;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (url.pathname.startsWith('/fapi/') || url.pathname.startsWith('/futures/')) headers['x-mbx-used-weight-1m'] = String(usedWeight);
      res.writeHead(result.status, headers).end(JSON.stringify(result.body));
    };
    if (fault && 'delayMs' in fault) setTimeout(respond, fault.delayMs);
    else respond();
  }

  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const streams = attachMarketStreams(server, now, options.streamEventEveryMs ?? 1_000);

  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    streams,
    calls: (path) => calls.get(path) ?? 0,
    lastQuery: (path) => queries.get(path),
    fault: (path, fault, times = Infinity) => faults.set(path, { fault, remaining: times }),
    clearFaults: () => faults.clear(),
    scriptCloses: (symbol, script) => scripts.set(symbol, script),
    resetCalls: () => {
      calls.clear();
      queries.clear();
    },
    close: async () => {
      await streams.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
