import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** `/private/ws/<listenKey>` since the exchange's 2026 URL split, `/ws/<listenKey>` before it. */
const PATH = /^\/(?:private\/)?ws\/([A-Za-z0-9]+)$/;

interface ListenKey {
  apiKey: string;
  expired: boolean;
}

/**
 * The exchange's user data streams, as strict as the real one: a listenKey
 * per account (`POST` returns the active one, `PUT` answers -1125 once it
 * expired, `DELETE` closes it), WebSocket connections at `/private/ws/<key>`
 * that get the account's events in the exchange's formats, and faults:
 * `drop` (a dropped socket, or the exchange's 24 h disconnect), `refuseConnections`, `expire` (a
 * lapsed key: `listenKeyExpired`, then -1125) and `duplicateEvents`.
 */
export class UserDataStreams {
  /** While true, each event is sent twice. */
  duplicateEvents = false;
  /** While true, connections are refused (an outage of the private streams): a client keeps retrying. */
  refuseConnections = false;
  /** Connections accepted per account, in order: a reconnect shows as a second entry. */
  readonly connections: string[] = [];
  private readonly keys = new Map<string, ListenKey>();
  private readonly sockets = new Map<WebSocket, string>();
  private readonly wss = new WebSocketServer({ noServer: true });

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node leaves an upgraded socket's errors to the handler: a client resetting it must not throw in the test process.
      socket.on('error', () => socket.destroy());
      const key = PATH.exec(new URL(req.url ?? '/', 'http://stand-in').pathname)?.[1];
      const known = key ? this.keys.get(key) : undefined;
      if (!known || known.expired || this.refuseConnections) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.sockets.set(ws, known.apiKey);
        this.connections.push(known.apiKey);
        ws.on('close', () => this.sockets.delete(ws));
        ws.on('error', () => this.sockets.delete(ws));
      });
    });
  }

  /** `POST|PUT|DELETE /fapi/v1/listenKey` of an account (API-key header only). */
  listenKey(method: string, apiKey: string): { status: number; body: unknown } {
    const active = [...this.keys].find(([, key]) => key.apiKey === apiKey && !key.expired)?.[0];
    if (method === 'POST') {
      const listenKey = active ?? randomBytes(32).toString('hex');
      this.keys.set(listenKey, { apiKey, expired: false });
      return { status: 200, body: { listenKey } };
    }
    if (!active) return { status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } };
    if (method === 'DELETE') {
      this.keys.delete(active);
      for (const [socket, owner] of this.sockets) if (owner === apiKey) socket.close();
    }
    return { status: 200, body: {} };
  }

  /** Sends an event to every connection of the account (twice with `duplicateEvents`). */
  publish(apiKey: string, event: object): void {
    const raw = JSON.stringify(event);
    for (const [socket, owner] of this.sockets) {
      // a socket being dropped hears nothing more
      if (owner !== apiKey || socket.readyState !== socket.OPEN) continue;
      socket.send(raw);
      if (this.duplicateEvents) socket.send(raw);
    }
  }

  /** Ends the account's connections without a word, as a network drop or the 24 h limit does. */
  drop(apiKey: string): void {
    for (const [socket, owner] of this.sockets) if (owner === apiKey) socket.terminate();
  }

  /** The account's key lapses: `listenKeyExpired` on its connections, then `PUT` answers -1125 and the key no longer connects. */
  expire(apiKey: string): void {
    for (const state of this.keys.values()) if (state.apiKey === apiKey) state.expired = true;
    this.publish(apiKey, { e: 'listenKeyExpired', E: Date.now(), listenKey: 'expired' });
  }

  /** Open connections of the account. */
  open(apiKey: string): number {
    return [...this.sockets.values()].filter((owner) => owner === apiKey).length;
  }

  close(): void {
    for (const socket of this.sockets.keys()) socket.terminate();
    this.wss.close();
  }
}
