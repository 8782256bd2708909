import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { premiumIndexRow } from './fapi-responses';
import { isInterval, klines } from './kline-walk';
import { findContract, formatPrice } from './market-universe';
import { between, seedOf } from './seeded-random';

/**
 * The exchange's market-stream WebSocket (`<symbol>@markPrice@1s`,
 * `<symbol>@kline_<interval>`), on the stand-in's HTTP server: raw streams at
 * `/ws/<stream>` and combined ones (`{"stream","data"}`) at
 * `/stream?streams=a/b`, each also under the `/market` route the real
 * exchange uses. Every `publishEveryMs` each open stream gets an event shaped
 * like the real one; tests also send, drop and refuse at will.
 */

export interface MarketStreamsControl {
  /** Open connections that carry `stream` (stream names as the client wrote them, lower-case symbol). */
  connections(stream: string): number;
  /** Connections ever accepted for `stream`. */
  accepted(stream: string): number;
  /** Sends one event to every connection of `stream` now: `data`, or one generated from the stand-in's market. Returns what was sent. */
  send(stream: string, data?: object): object;
  /** Closes every connection (of `stream`, or all) abruptly, as a network failure would. */
  drop(stream?: string): void;
  /** While true, new connections are refused with HTTP 503. */
  refuse(refusing: boolean): void;
  /** Stops or restarts the automatic events (0 stops them). */
  publishEvery(ms: number): void;
  close(): Promise<void>;
}

interface Connection {
  socket: WebSocket;
  streams: string[];
  combined: boolean;
}

const STREAM_PATH = /^(?:\/market)?\/(ws|stream)(?:\/(.*))?$/;

function markPriceEvent(symbol: string, now: number): object | undefined {
  const listed = findContract(symbol.toUpperCase());
  if (!listed) return undefined;
  const row = premiumIndexRow(listed, now);
  return {
    e: 'markPriceUpdate',
    E: now,
    s: row.symbol,
    p: row.markPrice,
    P: row.estimatedSettlePrice,
    i: row.indexPrice,
    r: row.lastFundingRate,
    T: row.nextFundingTime,
  };
}

/** The forming candle of the stand-in's walk, its close moving a little each second so a chart moves. */
function klineEvent(symbol: string, interval: string, now: number): object | undefined {
  const listed = findContract(symbol.toUpperCase());
  if (!listed || !isInterval(interval)) return undefined;
  const [bar] = klines(listed, interval, { limit: 1 }, now);
  if (!bar) return undefined;
  const [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades] = bar;
  const moved = formatPrice(listed, Number(close) * (1 + between(seedOf(`${listed.symbol}:live`), Math.floor(now / 1000), -0.0005, 0.0005)));
  const k = {
    t: openTime,
    T: closeTime,
    s: listed.symbol,
    i: interval,
    f: 1,
    L: trades,
    o: open,
    c: moved,
    h: Number(moved) > Number(high) ? moved : high,
    l: Number(moved) < Number(low) ? moved : low,
    v: volume,
    n: trades,
    x: false,
    q: quoteVolume,
    V: '0',
    Q: '0',
    B: '0',
  };
  return { e: 'kline', E: now, s: listed.symbol, k };
}

function generatedEvent(stream: string, now: number): object | undefined {
  const [symbol = '', kind = ''] = stream.split('@');
  if (kind === 'markPrice') return markPriceEvent(symbol, now);
  if (kind.startsWith('kline_')) return klineEvent(symbol, kind.slice('kline_'.length), now);
  return undefined;
}

export function attachMarketStreams(server: Server, now: () => number, publishEveryMs: number): MarketStreamsControl {
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  const accepted = new Map<string, number>();
  let refusing = false;
  let timer: NodeJS.Timeout | undefined;

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Node leaves an upgraded socket's errors to the handler: a client resetting it must not throw in the test process.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = STREAM_PATH.exec(url.pathname);
    const combined = match?.[1] === 'stream';
    const names = (combined ? (url.searchParams.get('streams') ?? '') : (match?.[2] ?? '')).split('/').filter(Boolean);
    if (!match || names.length === 0 || refusing) {
      socket.end(`HTTP/1.1 ${refusing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = { socket: ws, streams: names, combined };
      connections.add(connection);
      for (const name of names) accepted.set(name, (accepted.get(name) ?? 0) + 1);
      ws.on('close', () => connections.delete(connection));
      ws.on('error', () => connections.delete(connection));
    });
  }
  server.on('upgrade', upgrade);

  function send(stream: string, data?: object): object {
    const event = data ?? generatedEvent(stream, now());
    if (!event) throw new Error(`the stand-in has no data for stream ${stream}`);
    const raw = JSON.stringify(event);
    const wrapped = JSON.stringify({ stream, data: event });
    for (const connection of connections) {
      if (connection.streams.includes(stream) && connection.socket.readyState === connection.socket.OPEN)
        connection.socket.send(connection.combined ? wrapped : raw);
    }
    return event;
  }

  function publishEvery(ms: number): void {
    clearInterval(timer);
    timer = undefined;
    if (ms <= 0) return;
    timer = setInterval(() => {
      const open = new Set([...connections].flatMap((connection) => connection.streams));
      for (const stream of open) if (generatedEvent(stream, now())) send(stream);
    }, ms);
  }
  publishEvery(publishEveryMs);

  return {
    connections: (stream) => [...connections].filter((connection) => connection.streams.includes(stream)).length,
    accepted: (stream) => accepted.get(stream) ?? 0,
    send,
    drop: (stream) => {
      for (const connection of connections) if (!stream || connection.streams.includes(stream)) connection.socket.terminate();
    },
    refuse: (value) => {
      refusing = value;
    },
    publishEvery,
    close: async () => {
      publishEvery(0);
      server.off('upgrade', upgrade);
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
