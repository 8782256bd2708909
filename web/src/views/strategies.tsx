import { useEffect, useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { graphQLTimeframe, TIMEFRAME_MS, wireTimeframe } from '../api/klines';
import { formatDecimal, formatPercent } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { formatTradeStat } from '../components/metrics';
import { PagedTable } from '../components/paged-table';
import { exampleValues, ParamsFields, paramsFrom, type ParamValues } from '../components/params-form';
import { EXAMPLE_RULES, EXPRESSION_TEMPLATE, ExpressionEditor, ruleParams, withoutRules } from '../components/expression-editor';
import { TemplatePicker } from '../components/template-picker';
import { useAsync } from '../components/use-async';
import {
  BacktestTemplatesDocument,
  CreateStrategyDocument,
  DeployDryRunDocument,
  PauseStrategyDocument,
  StrategiesDocument,
  type StrategyFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';
import { StrategyEvents } from './strategy-events';
import { StrategyHalts } from './strategy-halts';
import { StrategyPositions } from './strategy-positions';

/** Creates a strategy in draft from a template, prefilled like the backtest form. */
function NewStrategy({ session, onCreated }: { session: Session; onCreated: (strategy: StrategyFieldsFragment) => void }) {
  const templates = useAsync(() => execute(session.credentials, BacktestTemplatesDocument), [session]);
  const list = templates.data?.backtestTemplates ?? [];
  const [templateId, setTemplateId] = useState('');
  const [params, setParams] = useState<ParamValues>({});
  const [rules, setRules] = useState(EXAMPLE_RULES);
  const [fields, setFields] = useState({ name: 'My strategy', symbol: 'BTCUSDT', timeframe: '1h', capital: '1000' });
  const [error, setError] = useState<string>();
  const template = list.find((candidate) => candidate.id === templateId);
  useEffect(() => {
    if (list[0] && !template) chooseTemplate(list[0].id);
  }, [list]);
  function chooseTemplate(id: string) {
    setTemplateId(id);
    setParams(exampleValues(list.find((candidate) => candidate.id === id)?.paramsSchema));
  }

  async function create(event: Event) {
    event.preventDefault();
    if (!template) return;
    setError(undefined);
    try {
      const { createSignedStrategy } = await execute(session.credentials, CreateStrategyDocument, {
        input: {
          name: fields.name,
          templateId: template.id,
          params: { ...paramsFrom(withoutRules(template.paramsSchema), params), ...ruleParams(template.id, rules, 'numbers') },
          symbols: fields.symbol
            .split(',')
            .map((symbol) => symbol.trim().toUpperCase())
            .filter(Boolean),
          timeframe: graphQLTimeframe(fields.timeframe),
          capital: fields.capital,
        },
      });
      onCreated(createSignedStrategy);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  if (!template) return <ErrorMessage>{templates.error}</ErrorMessage>;
  const input = (name: keyof typeof fields, label: string) => (
    <div class="field">
      <label for={`strategy-${name}`}>{label}</label>
      <input id={`strategy-${name}`} required value={fields[name]} onInput={(event) => setFields({ ...fields, [name]: event.currentTarget.value })} />
    </div>
  );
  return (
    <details class="panel">
      <summary>New strategy</summary>
      <form onSubmit={(event) => void create(event)} aria-label="New strategy">
        <div class="form-grid">
          {input('name', 'Name')}
          <TemplatePicker id="strategy-template" templates={list} value={template.id} onChange={chooseTemplate} />
          {input('symbol', 'Symbols (comma-separated)')}
          <div class="field">
            <label for="strategy-timeframe">Timeframe</label>
            <select id="strategy-timeframe" value={fields.timeframe} onChange={(event) => setFields({ ...fields, timeframe: event.currentTarget.value })}>
              {Object.keys(TIMEFRAME_MS).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
          {input('capital', 'Capital')}
        </div>
        {template.id === EXPRESSION_TEMPLATE && (
          <ExpressionEditor idPrefix="strategy-rules" credentials={session.credentials} rules={rules} onChange={setRules} use="numbers" />
        )}
        <ParamsFields idPrefix="strategy-param" paramsSchema={withoutRules(template.paramsSchema)} values={params} onChange={setParams} />
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" class="primary">
          Create strategy
        </button>
      </form>
    </details>
  );
}

/** The caller's strategies with status and stats; deploy as a dry run, pause, and watch one's live events. */
export function Strategies({ session }: { session: Session }) {
  const strategies = useAsync(() => execute(session.credentials, StrategiesDocument, {}), [session]);
  const [watched, setWatched] = useState<string>();
  // Bumped on each event of the watched strategy, so its positions and stats follow the feed.
  const [revision, setRevision] = useState(0);
  const [error, setError] = useState<string>();
  const rows = strategies.data?.signedStrategies.data ?? [];
  const watchedStrategy = rows.find((row) => row.id === watched);
  useEffect(() => {
    if (!watched && rows[0]) setWatched(rows[0].id);
  }, [rows]);

  async function act(action: 'deploy' | 'pause', strategy: StrategyFieldsFragment) {
    setError(undefined);
    try {
      if (action === 'deploy') await execute(session.credentials, DeployDryRunDocument, { id: strategy.id });
      else await execute(session.credentials, PauseStrategyDocument, { id: strategy.id });
      strategies.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section aria-labelledby="strategies-title">
      <h2 id="strategies-title">Strategies</h2>
      <NewStrategy
        session={session}
        onCreated={(strategy) => {
          setWatched(strategy.id);
          strategies.reload();
        }}
      />
      {strategies.loading && !strategies.data && <Loading what="strategies" />}
      <ErrorMessage>{strategies.error ?? error}</ErrorMessage>
      <PagedTable
        caption="Your strategies"
        rows={rows}
        rowKey={(row) => row.id}
        empty="No strategies yet: create one above."
        columns={[
          { label: 'Name', value: (row) => row.name },
          { label: 'Template', value: (row) => row.templateId },
          { label: 'Symbols', value: (row) => `${row.symbols.join(', ')} ${wireTimeframe(row.timeframe)}` },
          {
            label: 'Status',
            value: (row) => (row.halts.length > 0 ? `${row.status}, halted` : row.status),
            render: (row) => (
              <>
                <span class={`status ${row.status}`}>{row.status}</span>
                {row.halts.length > 0 && <span class="status halted">halted</span>}
              </>
            ),
          },
          { label: 'Open positions', value: (row) => row.stats.openPositions, numeric: true },
          { label: 'Total PnL', value: (row) => formatDecimal(row.stats.totalPnl), numeric: true },
          { label: 'Trades', value: (row) => row.stats.totalTrades, numeric: true },
          { label: 'Win rate', value: (row) => formatTradeStat(row.stats.totalTrades, () => formatPercent(row.stats.winRate, 1)), numeric: true },
          {
            label: 'Actions',
            value: (row) => row.id,
            render: (row) => (
              <div class="actions">
                {row.status === 'deployed' ? (
                  <button type="button" onClick={() => void act('pause', row)} aria-label={`Pause ${row.name}`}>
                    Pause
                  </button>
                ) : row.status === 'draft' || row.status === 'paused' ? (
                  <button type="button" onClick={() => void act('deploy', row)} aria-label={`Deploy ${row.name} as a dry run`}>
                    Deploy (dry run)
                  </button>
                ) : null}
                <button type="button" onClick={() => setWatched(row.id)} aria-pressed={watched === row.id} aria-label={`Positions and events of ${row.name}`}>
                  Details
                </button>
              </div>
            ),
          },
        ]}
      />
      {watchedStrategy && (
        <div class="stacked-panels">
          <StrategyHalts strategy={watchedStrategy} />
          <StrategyPositions
            session={session}
            strategyId={watchedStrategy.id}
            name={watchedStrategy.name}
            revision={revision}
            onClosed={() => strategies.reload()}
          />
          <StrategyEvents
            session={session}
            strategyId={watchedStrategy.id}
            name={watchedStrategy.name}
            onEvent={() => {
              setRevision((value) => value + 1);
              strategies.reload();
            }}
          />
        </div>
      )}
    </section>
  );
}
