import { EquityGuard, initialGuardState, TRIP_DAILY_LOSS, TRIP_MAX_DRAWDOWN, TRIP_NONE } from '../../src/engine/protections';
import { simulate } from '../../src/engine/simulate';
import type { BacktestConfig, BacktestTrade } from '../../src/engine/types';
import { backtestInput, candles, DAY_MS, FOLLOW_CHANGES, HOUR_MS, JAN_1_2024, type Bar } from './candle-factory';

function run(bars: Bar[], params: Record<string, unknown>, config: Partial<BacktestConfig> = {}, start = JAN_1_2024) {
  const templateId = 'entry_period' in params ? 'donchian_breakout' : 'sma_cross';
  return simulate(backtestInput({ BTCUSDT: candles(bars, start) }, { templateId, params, ...config }));
}

const at = (hours: number, start = JAN_1_2024) => new Date(start + hours * HOUR_MS).toISOString();

/** The trades' fields a protection decides, with pnl to 8 decimals as on the wire. */
function exits(trades: BacktestTrade[]) {
  return trades.map(({ entry_time, entry_price, exit_time, exit_price, exit_reason, pnl }) => ({
    entry_time,
    entry_price,
    exit_time,
    exit_price,
    exit_reason,
    pnl,
  }));
}

/**
 * `donchian_breakout` entry 1 / exit 10,000 goes long on the first close above
 * the previous bar's high and, its exit channel never filling, holds: only a
 * stop or a protection ends the position. Bars 0-1 make it enter at bar 2's open.
 */
const HOLD = { entry_period: 1, exit_period: 10_000 };
const HOLD_ENTRY: Bar[] = [
  [100, 100, 100, 100],
  [100, 101, 100, 101],
];

describe('trailing stop (contract §19)', () => {
  // Long at bar 2's open, 100 (qty 10). Stops: bar 2 100 × 0.95 = 95; bar 3 104 × 0.95 = 98.8; bar 4 110 × 0.95 = 104.5.
  const rising: Bar[] = [...HOLD_ENTRY, [100, 104, 99, 103], [103, 110, 102, 108]];

  it('follows the highest high of the bars before and exits where the low reaches it', () => {
    const { result } = run([...rising, [108, 109, 104, 109], [109, 110, 109, 110]], { ...HOLD, trailing_stop_pct: 5 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(5), exit_price: '104.5', exit_reason: 'trailing_stop', pnl: '45' },
    ]);
  });

  it('exits at the open when the bar opens below the stop', () => {
    const { result } = run([...rising, [103, 109, 102, 109], [109, 110, 109, 110]], { ...HOLD, trailing_stop_pct: 5 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(4), exit_price: '103', exit_reason: 'trailing_stop', pnl: '30' },
    ]);
  });

  it('does nothing while the lows stay above it (control: the same bars with a wider stop)', () => {
    const { result } = run([...rising, [108, 109, 104, 109], [109, 110, 109, 110]], { ...HOLD, trailing_stop_pct: 5.5 });
    // stop for bar 4: 110 × 0.945 = 103.95 < 104; the position runs to the end, closed at the last close.
    expect(exits(result.trades)).toEqual([{ entry_time: at(2), entry_price: '100', exit_time: at(6), exit_price: '110', exit_reason: 'end', pnl: '100' }]);
  });

  it('mirrors for a short: lowest low since entry × (1 + x/100), exits where the high reaches it', () => {
    // Short at bar 2's open, 100 (qty 10). Stops: bar 2 105; bar 3 96 × 1.05 = 100.8; bar 4 90 × 1.05 = 94.5.
    const bars: Bar[] = [
      [100, 100, 100, 100],
      [100, 100, 99, 99],
      [100, 101, 96, 97],
      [97, 99, 90, 92],
      [92, 95, 91, 91],
      [91, 91, 90, 90],
    ];
    const { result } = run(bars, { entry_period: 1, exit_period: 10_000, side: 'short', trailing_stop_pct: 5 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(5), exit_price: '94.5', exit_reason: 'trailing_stop', pnl: '55' },
    ]);
  });

  it('on the bar where it is nearer than the stop-loss, exits as trailing_stop', () => {
    // trailing 3 %: bar 3's stop 104 × 0.97 = 100.88; the 10 % stop-loss sits at 90.
    const bars: Bar[] = [...HOLD_ENTRY, [100, 104, 99, 103], [103, 105, 95, 104], [104, 105, 104, 105]];
    const { result } = run(bars, { ...HOLD, trailing_stop_pct: 3, stop_loss_pct: 10 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(4), exit_price: '100.88', exit_reason: 'trailing_stop', pnl: '8.8' },
    ]);
  });

  it('at the same level as the stop-loss, exits as stop_loss', () => {
    // Both at 95 on the entry bar.
    const { result } = run([...HOLD_ENTRY, [100, 100, 94, 99], [99, 99, 99, 99]], { ...HOLD, trailing_stop_pct: 5, stop_loss_pct: 5 });
    expect(exits(result.trades)).toEqual([{ entry_time: at(2), entry_price: '100', exit_time: at(3), exit_price: '95', exit_reason: 'stop_loss', pnl: '-50' }]);
  });

  it('at the same level as the liquidation, exits as trailing_stop (the position’s own stop acts first)', () => {
    // Leverage 10: qty 100, margin 1000, liquidation at 100 − 1000/100 = 90 = the 10 % trailing stop.
    const { result } = run([...HOLD_ENTRY, [100, 100, 89, 95], [95, 95, 95, 95]], { ...HOLD, trailing_stop_pct: 10 }, { leverage: 10 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(3), exit_price: '90', exit_reason: 'trailing_stop', pnl: '-1000' },
    ]);
  });

  it('when a bar reaches both the trailing stop and the take-profit, the stop wins', () => {
    // trailing 5 %: bar 3's stop 98.8; take-profit 8 % at 108, both inside bar 3.
    const bars: Bar[] = [...HOLD_ENTRY, [100, 104, 99, 103], [103, 109, 98, 108.5], [108, 108, 108, 108]];
    const { result } = run(bars, { ...HOLD, trailing_stop_pct: 5, take_profit_pct: 8 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(4), exit_price: '98.8', exit_reason: 'trailing_stop', pnl: '-12' },
    ]);
  });
});

/**
 * `sma_cross` 1/2 follows each close-to-close change: long at bar 3's open
 * (102, qty 1000/102), peak equity at bar 3's close (103: 1009.80392157),
 * then bar 4 falls to 92 (901.96078431, 10.68 % below the peak), which also
 * asks to exit. Bars 5-7 rise: without a protection the strategy re-enters at
 * bar 6's open.
 */
const FALL_THEN_RISE: Bar[] = [
  [100, 100, 100, 100],
  [100, 100, 99, 99],
  [99, 101, 99, 101],
  [102, 103, 102, 103],
  [103, 103, 90, 92],
  [93, 95, 93, 95],
  [95, 96, 95, 96],
  [96, 97, 96, 97],
];

describe('max drawdown (contract §19)', () => {
  it('control: without it the signal exits at bar 5’s open and re-enters at bar 6’s', () => {
    const { result } = run(FALL_THEN_RISE, FOLLOW_CHANGES);
    expect(result.trades.map((trade) => [trade.exit_reason, trade.entry_time])).toEqual([
      ['signal', at(3)],
      ['end', at(6)],
    ]);
  });

  it('closes at the next open as protection (even when the signal also exits there) and opens nothing for the rest of the run', () => {
    const { result } = run(FALL_THEN_RISE, { ...FOLLOW_CHANGES, max_drawdown_pct: 10 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(3), entry_price: '102', exit_time: at(5), exit_price: '93', exit_reason: 'protection', pnl: '-88.23529412' },
    ]);
  });

  it('does not trip while the equity is less than x % below its peak', () => {
    const { result } = run(FALL_THEN_RISE, { ...FOLLOW_CHANGES, max_drawdown_pct: 11 });
    expect(result.trades.map((trade) => trade.exit_reason)).toEqual(['signal', 'end']);
  });

  it('closes a position the signal keeps (the protection alone decides)', () => {
    // Held long from 100; bar 3 closes at 98 (equity 1000 − 20 = 980, peak 1030 at bar 2): 4.85 % below.
    const bars: Bar[] = [...HOLD_ENTRY, [100, 103, 100, 103], [103, 103, 97, 98], [97, 99, 97, 99], [99, 99, 99, 99]];
    const { result } = run(bars, { ...HOLD, max_drawdown_pct: 4.8 });
    expect(exits(result.trades)).toEqual([
      { entry_time: at(2), entry_price: '100', exit_time: at(4), exit_price: '97', exit_reason: 'protection', pnl: '-30' },
    ]);
  });
});

describe('daily loss (contract §19)', () => {
  // The run starts at 19:00 on 2023-12-31. Long at 22:00 at 102 (qty 1000/102); equity at 00:00 (bar 4's close, 104) is 1019.60784314.
  const start = JAN_1_2024 - 5 * HOUR_MS;
  const firstBars: Bar[] = [
    [100, 100, 100, 100],
    [100, 100, 99, 99],
    [99, 101, 99, 101],
    [102, 103, 102, 103],
    [103, 104, 103, 104],
    // 00:00 Jan 1: close 97, equity 950.98039216: 6.73 % below the day's 00:00 equity, 4.9 % below the capital.
    [104, 104, 96, 97],
  ];
  /** From bar 6 (01:00), closes rise by 1 each hour up to bar 30 (01:00 Jan 2). */
  const rising: Bar[] = Array.from({ length: 25 }, (_, index): Bar => [97 + index, 98 + index, 97 + index, 98 + index]);

  it('measures from the equity at 00:00 UTC: closes at the next open, opens nothing until the next UTC day', () => {
    const { result } = run([...firstBars, ...rising], { ...FOLLOW_CHANGES, daily_loss_pct: 5 }, {}, start);
    // The exit at 01:00 Jan 1 at 97 is a loss; bar 6 rises, so the strategy wants long from then on: it fills at 00:00 Jan 2 (bar 29, open 120).
    expect(exits(result.trades)).toEqual([
      { entry_time: at(3, start), entry_price: '102', exit_time: at(6, start), exit_price: '97', exit_reason: 'protection', pnl: '-49.01960784' },
      expect.objectContaining({ entry_time: new Date(JAN_1_2024 + DAY_MS).toISOString(), entry_price: '120', exit_reason: 'end' }),
    ]);
  });

  it('does not trip below x % (control: the same bars re-enter at 02:00 Jan 1)', () => {
    const { result } = run([...firstBars, ...rising], { ...FOLLOW_CHANGES, daily_loss_pct: 6.8 }, {}, start);
    expect(result.trades.map((trade) => [trade.exit_reason, trade.entry_time])).toEqual([
      ['signal', at(3, start)],
      ['end', at(7, start)],
    ]);
  });
});

describe('cooldown (contract §19)', () => {
  // Long at bar 3's open (102); bar 3 falls: exit at bar 4's open, 98, a loss; bar 4 rises: the strategy wants long again from bar 5's open.
  const bars: Bar[] = [
    [100, 100, 100, 100],
    [100, 100, 99, 99],
    [99, 101, 99, 101],
    [102, 102, 97, 97],
    [98, 100, 98, 100],
    [100, 101, 100, 101],
    [101, 102, 101, 102],
    [102, 103, 102, 103],
  ];

  it.each([
    [0, at(5)],
    [1, at(5)],
    [2, at(6)],
    [3, at(7)],
  ])('after a losing exit at 04:00 with cooldown_bars %d the next entry fills at %s', (cooldown, entry) => {
    const { result } = run(bars, { ...FOLLOW_CHANGES, cooldown_bars: cooldown });
    expect(result.trades.map((trade) => [trade.exit_reason, trade.entry_time, trade.exit_time])).toEqual([
      ['signal', at(3), at(4)],
      ['end', entry, at(8)],
    ]);
  });

  it('counts from an intrabar exit’s time (the bar’s close) and ignores winning exits', () => {
    // A stop-loss at 4 % exits inside bar 3 at 97.92 (stamped 04:00, its close); cooldown 2 → no entry before 06:00.
    const stopped = run(bars, { ...FOLLOW_CHANGES, stop_loss_pct: 4, cooldown_bars: 2 });
    expect(stopped.result.trades.map((trade) => [trade.exit_reason, trade.entry_time])).toEqual([
      ['stop_loss', at(3)],
      ['end', at(6)],
    ]);
    // The same entry and a winning exit: bar 3 rises then bar 4 falls (exit at 05:00), bar 5 rises: re-entry at 06:00's open at once.
    const winning: Bar[] = [...bars.slice(0, 3), [102, 105, 102, 105], [105, 105, 104, 104], [104, 106, 104, 106], [106, 107, 106, 107], [107, 108, 107, 108]];
    const won = run(winning, { ...FOLLOW_CHANGES, cooldown_bars: 5 });
    expect(won.result.trades.map((trade) => [trade.exit_reason, trade.entry_time, Number(trade.pnl) > 0])).toEqual([
      ['signal', at(3), true],
      ['end', at(6), true],
    ]);
  });
});

describe('EquityGuard', () => {
  const settings = { trailingStop: NaN, maxDrawdown: 0.1, dailyLoss: 0.05, cooldownMs: 0 };

  it('reports the max drawdown when both rules trip on one bar, and then neither again', () => {
    const guard = new EquityGuard(settings, initialGuardState(1000));
    expect(guard.afterBar(JAN_1_2024, 1000)).toBe(TRIP_NONE);
    expect(guard.afterBar(JAN_1_2024 + HOUR_MS, 880)).toBe(TRIP_MAX_DRAWDOWN);
    expect(guard.threshold(TRIP_MAX_DRAWDOWN)).toBe(900);
    expect(guard.afterBar(JAN_1_2024 + 2 * HOUR_MS, 800)).toBe(TRIP_NONE);
    expect(guard.mayEnter(JAN_1_2024 + 10 * DAY_MS)).toBe(false);
  });

  it('trips the daily loss once per day, with the day’s 00:00 equity as threshold base, and lets entries in from the next 00:00', () => {
    const guard = new EquityGuard({ ...settings, maxDrawdown: NaN }, initialGuardState(1000));
    expect(guard.afterBar(JAN_1_2024, 950)).toBe(TRIP_DAILY_LOSS);
    expect(guard.threshold(TRIP_DAILY_LOSS)).toBe(950);
    expect(guard.afterBar(JAN_1_2024 + HOUR_MS, 900)).toBe(TRIP_NONE);
    expect(guard.mayEnter(JAN_1_2024 + DAY_MS - 1)).toBe(false);
    expect(guard.mayEnter(JAN_1_2024 + DAY_MS)).toBe(true);
    // the next day's base is the last close before it, 900: 855 is 5 % below
    expect(guard.afterBar(JAN_1_2024 + DAY_MS, 856)).toBe(TRIP_NONE);
    expect(guard.afterBar(JAN_1_2024 + DAY_MS + HOUR_MS, 855)).toBe(TRIP_DAILY_LOSS);
  });

  it('gives a caller that skips its quiet bars (the backtest loop) the same trips and memory as one shown every bar', () => {
    // A seeded walk of ±3 % per hour, with gaps of up to 3 hours, on which each rule set trips.
    let seed = 11;
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (const rules of [
      { ...settings, maxDrawdown: NaN },
      { ...settings, maxDrawdown: 0.45 },
      { ...settings, dailyLoss: NaN, maxDrawdown: 0.3 },
    ]) {
      const everyBar = new EquityGuard(rules, initialGuardState(1000));
      const quiet = new EquityGuard(rules, initialGuardState(1000));
      let previous = 1000;
      let equity = 1000;
      let time = JAN_1_2024;
      let asked = 0;
      const trips: number[][] = [[], []];
      for (let bar = 0; bar < 3000; bar++) {
        equity *= 1 + (random() - 0.5) * 0.06;
        time += HOUR_MS * (1 + Math.floor(random() * 3));
        trips[0]!.push(everyBar.afterBar(time, equity));
        const skipped = time < quiet.quietUntil && equity > quiet.quietFloor && equity <= quiet.quietCeiling;
        trips[1]!.push(skipped ? TRIP_NONE : quiet.afterBar(time, equity, previous));
        if (!skipped) asked++;
        previous = equity;
      }
      expect(trips[1]).toEqual(trips[0]);
      if (!Number.isNaN(rules.dailyLoss)) expect(trips[0]).toContain(TRIP_DAILY_LOSS);
      if (!Number.isNaN(rules.maxDrawdown)) expect(trips[0]).toContain(TRIP_MAX_DRAWDOWN);
      expect({ ...quiet.state, lastEquity: 0 }).toEqual({ ...everyBar.state, lastEquity: 0 });
      expect(asked).toBeLessThan(3000 / 2);
    }
  });
});
