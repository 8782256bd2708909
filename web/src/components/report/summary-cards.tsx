import { formatDecimal, formatPercent } from '../format';
import { formatTradeStat } from '../metrics';
import { drawdownDays, formatDays } from './drawdown-periods';
import type { Drawdown, Summary } from './report-types';

interface Card {
  label: string;
  /** The API's field, on the element as `data-field`, with its value as `data-value`. */
  field: keyof Summary;
  format: (value: string | number) => string;
  /** A figure measured on trades: "–" when there was none. */
  perTrade?: boolean;
}

const hours = (seconds: string | number) => `${formatDecimal(Number(seconds) / 3600, 1)} h`;

const CARDS: Card[] = [
  { label: 'Exposure (time in a position)', field: 'exposure', format: (value) => formatPercent(value) },
  { label: 'Long trades', field: 'longTrades', format: String },
  { label: 'Short trades', field: 'shortTrades', format: String },
  { label: 'Best trade (pnl)', field: 'bestTrade', format: (value) => formatDecimal(value), perTrade: true },
  { label: 'Worst trade (pnl)', field: 'worstTrade', format: (value) => formatDecimal(value), perTrade: true },
  { label: 'Average trade duration', field: 'avgTradeDurationS', format: hours, perTrade: true },
  { label: 'Longest winning streak', field: 'maxConsecutiveWins', format: String },
  { label: 'Longest losing streak', field: 'maxConsecutiveLosses', format: String },
  { label: 'Fees paid', field: 'totalFees', format: (value) => formatDecimal(value) },
  { label: 'Funding paid (− received)', field: 'totalFunding', format: (value) => formatDecimal(value) },
];

function Figure({ label, field, value, text }: { label: string; field: string; value: string | number; text: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-field={field} data-value={value}>
        {text}
      </dd>
    </div>
  );
}

/**
 * Report §18's summary: the strategy's return beside buy-and-hold over the
 * same bars (the benchmark), then the account's exposure, trades, streaks,
 * costs and the longest drawdown of the daily curve.
 */
export function SummaryCards({ summary, drawdowns, lastTime }: { summary: Summary; drawdowns: Drawdown[]; lastTime: string }) {
  const trades = summary.longTrades + summary.shortTrades;
  const beat = Number(summary.totalReturn) - Number(summary.buyAndHoldReturn);
  const longest = Math.max(0, ...drawdowns.map((drawdown) => drawdownDays(drawdown, lastTime)));
  return (
    <section aria-labelledby="summary-title">
      <h4 id="summary-title">Summary</h4>
      <dl class="metrics benchmark" data-testid="benchmark">
        <Figure label="Strategy return" field="totalReturn" value={summary.totalReturn} text={formatPercent(summary.totalReturn)} />
        <Figure label="Buy and hold (benchmark)" field="buyAndHoldReturn" value={summary.buyAndHoldReturn} text={formatPercent(summary.buyAndHoldReturn)} />
        <div>
          <dt>Strategy − benchmark</dt>
          <dd class={beat >= 0 ? 'good' : 'bad'}>{`${beat >= 0 ? '+' : ''}${(beat * 100).toFixed(2)} points`}</dd>
        </div>
      </dl>
      <dl class="metrics" data-testid="summary">
        {CARDS.map(({ label, field, format, perTrade }) => (
          <Figure
            key={field}
            label={label}
            field={field}
            value={summary[field]}
            text={perTrade ? formatTradeStat(trades, () => format(summary[field])) : format(summary[field])}
          />
        ))}
        <div>
          <dt>Longest drawdown (daily)</dt>
          <dd data-field="longestDrawdown">{drawdowns.length ? formatDays(longest) : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
