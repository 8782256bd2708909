import { Client } from 'pg';
import type { Logger } from '../observability/logger';

export interface ReconnectingClientOptions {
  databaseUrl: string;
  /** Names the connection in log lines. */
  purpose: string;
  /** Longest wait between reconnect attempts: bounds how long work pauses after the database is back. */
  maxReconnectDelayMs: number;
  /** Runs on each new connection before it counts as up (LISTEN, take a lock); a failure counts as a failed attempt. */
  prepare: (client: Client) => Promise<void>;
  /** The connection is gone; `onUp` follows once a new one is prepared. */
  onDown?: () => void;
  onUp?: (client: Client) => void;
}

/**
 * A dedicated pg connection (outside the ORM pool) that comes back by itself
 * after PostgreSQL restarts: the LISTEN connection and the liveness lock both
 * hold session state that only a live session keeps, so each loss is
 * repaired by a new session that redoes `prepare`. A loss is one log line
 * without a stack: it is an expected event, not a fault of this process.
 */
export class ReconnectingClient {
  private client?: Client;
  private stopped = false;
  private reconnectDelayMs = 50;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly options: ReconnectingClientOptions,
    private readonly logger: Logger,
  ) {}

  get current(): Client | undefined {
    return this.client;
  }

  /** Connects once; at start-up a database that cannot be reached is an error, later it is retried. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.options.databaseUrl, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.stopped) return;
      const wasUp = this.client === client;
      if (wasUp) {
        this.client = undefined;
        this.logger.warn({ connection: this.options.purpose, reason: error?.message ?? 'connection ended' }, 'database connection lost; reconnecting');
        this.options.onDown?.();
      }
      client.end().catch(() => undefined);
      if (wasUp) this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await this.options.prepare(client);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelayMs = 50;
    this.options.onUp?.(client);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, this.options.maxReconnectDelayMs);
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => this.stopped || this.logger.info({ connection: this.options.purpose }, 'database connection restored'),
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.retryTimer.unref();
  }
}
