/**
 * The dashboard query of issue 12: 50 strategies, each with its 10 latest
 * positions and 10 latest events (and its backtest jobs: the document asks
 * for them, none are seeded), in one GraphQL request. Prints the SQL
 * statements one request costs, the request latency, and the CPU time per
 * request, the figure to compare on a shared machine.
 * Targets: a constant number of statements (≤ 6), p50 ≤ 25 ms on 2 cores.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { print } from 'graphql';
import { Strategy } from '../src/entities/strategy.entity';
import { StrategyPosition } from '../src/entities/strategy-position.entity';
import { recordEvent } from '../src/events/outbox.store';
import { StrategiesWithHistoryDocument } from '../test/graphql/generated';
import { signIn } from '../test/support/identity';
import { startTestService } from '../test/support/test-service';
import { startOutsideWorld } from '../test/support/identity';
import { percentile, startBenchDatabase } from './support/bench-database';

const STRATEGIES = 50;
const PER_STRATEGY = 20;
const WARM_UP = 20;
const REQUESTS = 300;

export async function main(): Promise<void> {
  const stopDatabase = await startBenchDatabase();
  const world = await startOutsideWorld();
  const service = await startTestService({ ...world.env, ROLE: 'api', LOG_LEVEL: 'warn' });
  try {
    const session = await signIn(service.url, world, 'dashboard@example.com');
    const token = session.token;
    const userId = Number((session.user as { id: unknown }).id);
    const em = service.service.orm.em.fork();
    const ids: string[] = [];
    for (let index = 0; index < STRATEGIES; index += 1) {
      const id = `strat_${randomBytes(8).toString('hex')}`;
      ids.push(id);
      const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000);
      em.create(Strategy, {
        id,
        userId,
        apiKeyId: null,
        name: `dashboard ${index}`,
        templateId: 'sma_cross',
        params: { fast: 10, slow: 30 },
        symbols: ['BTCUSDT'],
        timeframe: '1h',
        capital: '1000',
        leverage: 1,
        status: 'paused',
        deployedAt: at,
        runCapital: null,
        runLeverage: null,
        runDry: true,
        runStartedAt: at,
        lastBars: null,
        protectionState: null,
        consecutiveFailures: 0,
        workerId: null,
        createdAt: at,
        updatedAt: at,
      });
    }
    // strategies first: positions reference them
    await em.flush();
    for (const id of ids) {
      const at = new Date(Date.UTC(2026, 0, 1));
      for (let trade = 0; trade < PER_STRATEGY; trade += 1) {
        em.create(StrategyPosition, {
          id: `pos_${randomBytes(8).toString('hex')}`,
          strategyId: id,
          symbol: 'BTCUSDT',
          side: 'long',
          quantity: '0.01',
          entryPrice: '67000',
          entryFee: '0.335',
          openedAt: new Date(at.getTime() + trade * 3_600_000),
          exitPrice: '67100',
          exitFee: '0.3355',
          pnl: '0.3295',
          closedAt: new Date(at.getTime() + trade * 3_600_000 + 60_000),
          closeReason: 'signal',
          dryRun: true,
        });
      }
    }
    await em.flush();
    await service.service.orm.em.fork().transactional(async (tx) => {
      for (const id of ids)
        for (let index = 0; index < PER_STRATEGY; index += 1)
          await recordEvent(tx, { userId, type: 'strategy.position_opened', data: { strategy_id: id, index } });
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the subscription bridge reads the events back

    const body = JSON.stringify({ query: print(StrategiesWithHistoryDocument), variables: { limit: STRATEGIES, positionLimit: 10, eventLimit: 10 } });
    const ask = async () => {
      const response = await fetch(`${service.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const result = (await response.json()) as { errors?: unknown; data?: { signedStrategies: { data: unknown[] } } };
      if (result.errors || result.data?.signedStrategies.data.length !== STRATEGIES)
        throw new Error(`unexpected answer: ${JSON.stringify(result).slice(0, 300)}`);
    };
    let statements = 0;
    const knex = service.service.orm.em.getConnection().getKnex();
    const count = () => (statements += 1);
    knex.on('query', count);
    await ask();
    knex.off('query', count);
    for (let index = 0; index < WARM_UP; index += 1) await ask();
    const times: number[] = [];
    // The service runs in this process: its CPU time per request (the client's small share included) is the
    // figure to compare on a shared machine, where latency also measures the neighbours.
    const cpuBefore = process.cpuUsage();
    for (let index = 0; index < REQUESTS; index += 1) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    console.log(`dashboard query: ${STRATEGIES} strategies × 10 positions × 10 events per request`);
    console.log(`  SQL statements per request: ${statements} (target ≤ 6)`);
    console.log(
      `  latency over ${REQUESTS} sequential requests: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms (target p50 ≤ 25 ms)`,
    );
    console.log(
      `  CPU per request (this process: service and client; PostgreSQL not included): ${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)} ms; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await service.stop();
    await world.stop();
    await stopDatabase();
  }
}
