import type { Client } from 'pg';
import type { Logger } from '../observability/logger';
import { ReconnectingClient } from './reconnecting-client';

/**
 * One dedicated connection per process that LISTENs on PostgreSQL channels and
 * fans notifications out to in-process handlers: how work recorded by one
 * process wakes the others (dispatchers, subscription bridges) at once instead
 * of on their next poll. It reconnects after a database restart and listens
 * again; handlers must tolerate missed notifications (every consumer also polls).
 */
export class NotificationListener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly connection: ReconnectingClient;
  /** LISTENs are issued one after another: pg deprecates overlapping queries on one client. */
  private listening: Promise<unknown> = Promise.resolve();

  constructor(databaseUrl: string, maxReconnectDelayMs: number, logger: Logger) {
    this.connection = new ReconnectingClient(
      {
        databaseUrl,
        purpose: 'notifications',
        maxReconnectDelayMs,
        prepare: async (client) => {
          client.on('notification', (message) => {
            for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
          });
          for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
        },
      },
      logger,
    );
  }

  start(): Promise<void> {
    return this.connection.start();
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }

  on(channel: string, handler: (payload: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = this.connection.current;
      if (client) this.listen(client, channel);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  private listen(client: Client, channel: string): void {
    // A failure means the connection is going; the reconnect LISTENs to every channel again.
    this.listening = this.listening.then(() => client.query(`LISTEN ${quoteIdentifier(channel)}`)).catch(() => undefined);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
