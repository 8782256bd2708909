import { formatDecimal } from '../format';
import type { SweepFieldsFragment } from '../../graphql/generated';

type Selection = NonNullable<NonNullable<SweepFieldsFragment['result']>['selection']>;

/** Report §18's selection of a done sweep: the deflated Sharpe ratio of its best row, and what it corrects for. */
export function SweepSelection({ selection }: { selection: Selection }) {
  return (
    <div class="selection" data-testid="sweep-selection">
      <dl class="metrics">
        <div>
          <dt>Deflated Sharpe ratio of the best row</dt>
          <dd data-field="deflatedSharpe" data-value={selection.deflatedSharpe}>
            {formatDecimal(selection.deflatedSharpe, 4)}
          </dd>
        </div>
        <div>
          <dt>Trials</dt>
          <dd data-field="trials" data-value={selection.trials}>
            {selection.trials}
          </dd>
        </div>
      </dl>
      <p class="hint">
        The probability that the best row&apos;s Sharpe ratio is above zero once the {selection.trials} combinations tried are counted: the best of many tries
        looks good by chance alone (Bailey &amp; López de Prado, 2014).
      </p>
    </div>
  );
}
