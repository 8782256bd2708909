import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import type { TestService } from './test-service';

/** What a stored open position needs; it is a dry run's, opened now, unless told otherwise. */
export type OpenPosition = Pick<StrategyPosition, 'id' | 'strategyId' | 'symbol' | 'side' | 'quantity' | 'entryPrice' | 'entryFee'> &
  Partial<Pick<StrategyPosition, 'openedAt' | 'dryRun'>>;

/** Stores an open position straight into the table, as a run holds it, without waiting for the runtime to open one. */
export async function storeOpenPosition(service: TestService, position: OpenPosition): Promise<void> {
  const em = service.service.orm.em.fork();
  em.create(StrategyPosition, {
    openedAt: new Date(),
    dryRun: true,
    ...position,
    exitPrice: null,
    exitFee: null,
    pnl: null,
    closedAt: null,
    closeReason: null,
  });
  await em.flush();
}
