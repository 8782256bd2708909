import Decimal from 'decimal.js';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { UpstreamClient } from '../../upstream/upstream-client';

/** What a live order of a symbol must respect (exchange info `filters`, contract §12). */
export interface SymbolFilters {
  /** `MARKET_LOT_SIZE` step and minimum, else `LOT_SIZE`'s. */
  stepSize: Decimal;
  minQty: Decimal;
  /** `MIN_NOTIONAL.notional`; 0 when the symbol has none. */
  minNotional: Decimal;
  /** `PRICE_FILTER.tickSize`: trigger prices sit on it. */
  tickSize: Decimal;
}

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const filter = z.object({ filterType: z.string() }).catchall(z.unknown());
const exchangeInfo = z.object({ symbols: z.array(z.object({ symbol: z.string(), filters: z.array(filter) })) });

/** Exchange info changes rarely (a new listing, a filter change); it is asked for again after this long. */
const REFRESH_MS = 10 * 60_000;

/**
 * The symbols' order filters from `GET /fapi/v1/exchangeInfo`, kept for
 * REFRESH_MS and shared by every strategy of the process; a refresh that
 * fails keeps the filters already known.
 */
export class SymbolFilterCache {
  private filters = new Map<string, SymbolFilters>();
  private loadedAt = -Infinity;
  private loading?: Promise<void>;

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  async of(symbol: string): Promise<SymbolFilters> {
    if (this.now() - this.loadedAt > REFRESH_MS || !this.filters.has(symbol)) {
      await this.refresh().catch((error: unknown) => {
        if (this.filters.size === 0) throw error;
      });
    }
    const found = this.filters.get(symbol);
    if (!found) throw new AppError('UPSTREAM_FAILED', `the exchange lists no trading filters for ${symbol}`);
    return found;
  }

  private refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const { data } = await this.upstream.getJson<unknown>('fapi', '/fapi/v1/exchangeInfo', {}, { weight: 1, waitForBudget: true });
    const info = exchangeInfo.parse(data);
    const filters = new Map<string, SymbolFilters>();
    for (const listed of info.symbols) {
      const byType = new Map(listed.filters.map((entry) => [entry.filterType, entry]));
      const lot = byType.get('MARKET_LOT_SIZE') ?? byType.get('LOT_SIZE');
      const step = decimal.safeParse(lot?.stepSize);
      const minQty = decimal.safeParse(lot?.minQty);
      const tick = decimal.safeParse(byType.get('PRICE_FILTER')?.tickSize);
      if (!step.success || !minQty.success || !tick.success || new Decimal(step.data).lte(0)) continue;
      const notional = decimal.safeParse(byType.get('MIN_NOTIONAL')?.notional);
      filters.set(listed.symbol, {
        stepSize: new Decimal(step.data),
        minQty: new Decimal(minQty.data),
        minNotional: new Decimal(notional.success ? notional.data : 0),
        tickSize: new Decimal(tick.data),
      });
    }
    this.filters = filters;
    this.loadedAt = this.now();
  }
}

/** Rounded down to the step: the exchange refuses a quantity off it (-1111). */
export function onStep(quantity: Decimal, step: Decimal): Decimal {
  return quantity.div(step).floor().mul(step);
}

/** The nearest price on the tick. */
export function onTick(price: Decimal, tick: Decimal): Decimal {
  return price.div(tick).round().mul(tick);
}
