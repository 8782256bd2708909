import { formatDecimal, formatTime } from '../components/format';
import type { StrategyFieldsFragment } from '../graphql/generated';

type Halt = StrategyFieldsFragment['halts'][number];

/** The percentage param of the rule, when the strategy sets it (it always does once the rule has tripped). */
function percentOf(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  return typeof value === 'number' || typeof value === 'string' ? `${formatDecimal(value)} %` : 'its limit';
}

/** What tripped, in the rule's own terms: the equity, the level it crossed and when. */
function Trip({ halt }: { halt: Halt }) {
  if (!halt.triggeredAt) return null;
  return (
    <>
      {' '}
      Tripped at {formatTime(halt.triggeredAt)} UTC: equity {formatDecimal(halt.equity)} fell to or below {formatDecimal(halt.threshold)}.
    </>
  );
}

function HaltText({ halt, strategy }: { halt: Halt; strategy: StrategyFieldsFragment }) {
  if (halt.reason === 'max_drawdown') {
    return (
      <>
        <strong>Stopped by max drawdown</strong> on {halt.symbol} (max_drawdown_pct {percentOf(strategy.params, 'max_drawdown_pct')} below the peak equity).
        <Trip halt={halt} /> The run closed its positions and paused itself; deploy it again to start a fresh run.
      </>
    );
  }
  return (
    <>
      <strong>
        Entries on {halt.symbol} halted until {formatTime(halt.until)} UTC
      </strong>{' '}
      by the daily loss limit (daily_loss_pct {percentOf(strategy.params, 'daily_loss_pct')} below the day’s opening equity).
      <Trip halt={halt} /> The position on {halt.symbol} was closed; the strategy stays deployed and trades again from the next UTC day.
    </>
  );
}

/** Why a strategy is halted (contract §19), from the halts its record carries; nothing when none holds. */
export function StrategyHalts({ strategy }: { strategy: StrategyFieldsFragment }) {
  if (strategy.halts.length === 0) return null;
  return (
    <section class="message halt" aria-labelledby="halts-title" data-testid="strategy-halts">
      <h3 id="halts-title">Halted by its protections</h3>
      <ul>
        {strategy.halts.map((halt) => (
          <li key={`${halt.symbol} ${halt.reason}`} data-halt-reason={halt.reason}>
            <HaltText halt={halt} strategy={strategy} />
          </li>
        ))}
      </ul>
    </section>
  );
}
