import { Client } from 'pg';
import type { Logger } from '../observability/logger';

/**
 * One dedicated connection per process that LISTENs on PostgreSQL channels and
 * fans notifications out to in-process handlers: how work recorded by one
 * process wakes the others (dispatchers, subscription bridges) at once instead
 * of on their next poll. Reconnects with backoff; handlers must tolerate
 * missed notifications (every consumer also polls).
 */
export class NotificationListener {
  private client?: Client;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private stopped = false;
  private reconnectDelayMs = 100;
  /** LISTENs are issued one after another: pg deprecates overlapping queries on one client. */
  private listening: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  on(channel: string, handler: (payload: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = this.client;
      if (client) {
        this.listening = this.listening
          .then(() => client.query(`LISTEN ${quoteIdentifier(channel)}`))
          .catch((error: unknown) => this.logger.warn({ err: error, channel }, 'LISTEN failed'));
      }
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'notification connection lost');
      this.scheduleReconnect();
    });
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    this.client = client;
    this.reconnectDelayMs = 100;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.client = undefined;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, 10_000);
    setTimeout(() => {
      if (!this.stopped) this.connect().catch(() => this.scheduleReconnect());
    }, delay).unref();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
