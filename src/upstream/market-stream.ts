import WebSocket from 'ws';
import type { Logger } from '../observability/logger';

/**
 * One of the exchange's market streams (`<symbol>@markPrice@1s`,
 * `<symbol>@kline_<interval>`), kept open until `close()`: it reconnects
 * after every loss (the exchange also ends each connection after 24 hours)
 * with exponential backoff and jitter, and tells its owner when it goes down
 * and comes back, so the owner can poll REST in between.
 *
 * The exchange serves these streams only on its `/market` route since its
 * 2026 URL split (unrouted `/ws/...` connections receive only the
 * high-frequency public streams), hence `<base>/market/ws/<stream>`.
 */

export interface MarketStreamHandlers {
  /** One event, unwrapped from the combined-stream envelope `{stream, data}` if the server used one. */
  message(event: unknown): void;
  /** `false` when the stream is lost (closed, refused, silent for too long) or its first connection failed; `true` when it is open again. */
  state(up: boolean): void;
}

export interface MarketStreamOptions {
  baseUrl: string;
  stream: string;
  /** A stream that sends nothing for this long is treated as lost and reconnected (streams with a fixed cadence only). */
  silenceLimitMs?: number;
  /** First reconnection delay, doubled after each failed attempt up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  logger?: Logger;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;

export class MarketStream {
  private socket?: WebSocket;
  /** What the owner was last told; nothing yet while the first connection is being made. */
  private reported?: boolean;
  private closed = false;
  private failedAttempts = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private silenceTimer?: NodeJS.Timeout;

  constructor(
    private readonly options: MarketStreamOptions,
    private readonly handlers: MarketStreamHandlers,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    this.socket?.terminate();
    this.socket = undefined;
  }

  private connect(): void {
    const socket = new WebSocket(`${this.options.baseUrl}/market/ws/${this.options.stream}`, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS });
    this.socket = socket;
    socket.on('open', () => {
      this.failedAttempts = 0;
      this.expectWithinSilenceLimit();
      this.setUp(true);
    });
    socket.on('message', (data: Buffer) => {
      this.expectWithinSilenceLimit();
      let event: unknown;
      try {
        event = JSON.parse(data.toString('utf8'));
      } catch {
        return;
      }
      this.handlers.message(isEnvelope(event) ? event.data : event);
    });
    // Every failure (refused, reset, handshake timeout) is followed by 'close', which reconnects.
    socket.on('error', (error) => this.options.logger?.debug({ stream: this.options.stream, err: error }, 'market stream error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearTimeout(this.silenceTimer);
      this.setUp(false);
      this.scheduleReconnect();
    });
  }

  private setUp(up: boolean): void {
    if (up === this.reported) return;
    this.reported = up;
    this.handlers.state(up);
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const initial = this.options.initialBackoffMs ?? 250;
    const max = this.options.maxBackoffMs ?? 15_000;
    const delay = Math.min(max, initial * 2 ** this.failedAttempts) * (0.5 + Math.random() / 2);
    this.failedAttempts += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private expectWithinSilenceLimit(): void {
    const limit = this.options.silenceLimitMs;
    if (!limit) return;
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.options.logger?.warn({ stream: this.options.stream, silentMs: limit }, 'market stream went silent: reconnecting');
      this.socket?.terminate();
    }, limit);
  }
}

function isEnvelope(value: unknown): value is { stream: string; data: unknown } {
  return typeof value === 'object' && value !== null && 'stream' in value && 'data' in value;
}
