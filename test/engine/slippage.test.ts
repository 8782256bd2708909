import { simulate } from '../../src/engine/simulate';
import { backtestInput, candles, HOUR_MS, JAN_1_2024, UP_THEN_DOWN, type Bar } from './candle-factory';

const at = (hours: number) => new Date(JAN_1_2024 + hours * HOUR_MS).toISOString();

describe('slippage_bps (contract §13): market fills move against the order', () => {
  it('100 bps: the buy fills 1 % above the open, the sell 1 % below; notional and pnl follow the fills', () => {
    const { result } = simulate(backtestInput({ BTCUSDT: candles(UP_THEN_DOWN) }, { feeModel: 'none', slippageBps: '100' }));
    // Entry 102 × 1.01 = 103.02, qty = 1000 / 103.02; exit 98 × 0.99 = 97.02; pnl = qty × (97.02 − 103.02) = −6000 / 103.02.
    expect(result.trades).toEqual([
      {
        id: 1,
        side: 'long',
        symbol: 'BTCUSDT',
        entry_time: at(3),
        entry_price: '103.02',
        exit_time: at(5),
        exit_price: '97.02',
        qty: '9.70685304',
        pnl: '-58.24111823',
        fee: '0',
        funding: '0',
        exit_reason: 'signal',
        // The fill is above every high of the trade's bars (103): the entry price counts as seen, so mfe is 0, not negative.
        mae: '-0.05824112',
        mfe: '0',
      },
    ]);
  });

  it('a short sells below and buys back above the market', () => {
    const { result } = simulate(
      backtestInput({ BTCUSDT: candles(UP_THEN_DOWN) }, { feeModel: 'none', slippageBps: '100', params: { fast: 1, slow: 2, side: 'short' } }),
    );
    // Short at bar 5's open 98 × 0.99 = 97.02, bought back at the last close 97 × 1.01 = 97.97.
    expect(result.trades[0]).toMatchObject({ side: 'short', entry_price: '97.02', exit_price: '97.97' });
  });

  it('a take-profit is a resting limit order: it fills at its own price, without slippage', () => {
    const bars: Bar[] = [
      [100, 100, 100, 100],
      [100, 100, 99, 99],
      [99, 100, 99, 100],
      [100, 100.5, 99.5, 100.5],
      [101, 103, 101, 102],
      [101, 101, 101, 101],
    ];
    const { result } = simulate(
      backtestInput({ BTCUSDT: candles(bars) }, { feeModel: 'none', slippageBps: '100', params: { fast: 1, slow: 2, take_profit_pct: 1 } }),
    );
    // Entry at bar 3's open 100 × 1.01 = 101, qty 1000 / 101; the level 101 × 1.01 = 102.01 is reached by bar 4 (high 103)
    // and fills at exactly 102.01: pnl = (1000 / 101) × 1.01 = 10.
    expect(result.trades[0]).toMatchObject({ entry_price: '101', exit_price: '102.01', pnl: '10' });
  });

  it('0 bps leaves every fill at the market price', () => {
    const without = simulate(backtestInput({ BTCUSDT: candles(UP_THEN_DOWN) }, { feeModel: 'none' }));
    const zero = simulate(backtestInput({ BTCUSDT: candles(UP_THEN_DOWN) }, { feeModel: 'none', slippageBps: '0' }));
    expect(zero.result).toEqual(without.result);
    expect(zero.result.trades[0]).toMatchObject({ entry_price: '102', exit_price: '98' });
  });
});
