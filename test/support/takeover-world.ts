import type { ExchangeStandInOptions } from '../stand-ins/exchange/exchange-stand-in';
import { spawnService, type ServiceProcess } from './service-process';
import { createTestDatabase, startTestService, type TestService } from './test-service';
import { startTradingWorld, type TradingWorld } from './trading-world';
import { waitFor } from './wait';

/**
 * One database shared by an API process (in the test's own process) and two worker processes, for tests that kill the
 * worker doing some work and check that the other one takes it over.
 */
export interface TakeoverWorld {
  world: TradingWorld;
  /** Answers HTTP (ROLE=api); runs no strategies. */
  api: TestService;
  /** The worker processes still running. */
  workers: ServiceProcess[];
  /** Waits until exactly one worker has written a log line `owns` accepts, and returns it: the one doing that work. */
  owner(what: string, owns: (line: string) => boolean): Promise<ServiceProcess>;
  /** kill -9 of a worker, as a crash would; it leaves `workers`. */
  kill(worker: ServiceProcess): Promise<void>;
  stop(): Promise<void>;
}

export async function startTakeoverWorld(env: Record<string, string>, options: Pick<ExchangeStandInOptions, 'now'> = {}): Promise<TakeoverWorld> {
  const world = await startTradingWorld(options);
  world.exchange.balances = { USDT: '100000' };
  const database = await createTestDatabase();
  const shared = {
    ...world.env,
    DATABASE_URL: database.url,
    // Processes sharing a database must share the secrets that seal keys and sign tokens.
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    APP_JWT_SECRET: 'takeover-test-secret-0123456789-0123456789',
    ...env,
  };
  const api = await startTestService({ ...shared, ROLE: 'api' }, database);
  // Workers log at debug: which of them owns a piece of work shows only in their logs.
  const workers = await Promise.all([
    spawnService({ ...shared, ROLE: 'worker', LOG_LEVEL: 'debug' }),
    spawnService({ ...shared, ROLE: 'worker', LOG_LEVEL: 'debug' }),
  ]);
  const takeover: TakeoverWorld = {
    world,
    api,
    workers,
    owner: async (what, owns) => {
      const owners = await waitFor(what, () => {
        const found = takeover.workers.filter((worker) => worker.output.some(owns));
        return found.length > 0 && found;
      });
      if (owners.length > 1) throw new Error(`${what}: ${owners.length} workers, not one`);
      return owners[0]!;
    },
    kill: async (worker) => {
      worker.child.kill('SIGKILL');
      await worker.exited;
      takeover.workers = takeover.workers.filter((running) => running !== worker);
    },
    stop: async () => {
      world.exchange.releaseHeldOrders();
      for (const worker of takeover.workers) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
      await api.stop();
      await database.drop();
      await world.stop();
    },
  };
  return takeover;
}
