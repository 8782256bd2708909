import { useEffect, useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { formatTime } from '../components/format';
import { ErrorMessage } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { isNumeric, ParamsFields, paramsFrom, exampleValues, type ParamValues } from '../components/params-form';
import { FINISHED_STATUSES, RunProgress } from '../components/run-progress';
import { TemplatePicker } from '../components/template-picker';
import { RunSettingsFields, runInput, TextField, type RunSettings } from '../components/run-settings';
import { EXAMPLE_RULES, EXPRESSION_TEMPLATE, ExpressionEditor, ruleParams, withoutRules } from '../components/expression-editor';
import { EXAMPLE_SWEEP } from '../components/sweep-example';
import { exampleRanges, rangeParams, SweepRangeFields, type SweepRanges } from '../components/sweep-ranges';
import { useAsync } from '../components/use-async';
import { useSubscription } from '../components/use-subscription';
import {
  BacktestSweepProgressDocument,
  BacktestSweepResultDocument,
  RecentBacktestSweepsDocument,
  RunBacktestSweepDocument,
  type SweepFieldsFragment,
  type SweepObjective,
  type TemplateFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';
import { SweepResult } from './sweep-result';

/**
 * Contract §13 objectives, as the API names them. Keyed by the schema's
 * `SweepObjective` enum, so the type check fails when the two differ.
 */
const OBJECTIVE_CHOICES: Record<SweepObjective, true> = {
  sharpe: true,
  sortino: true,
  calmar: true,
  max_drawdown: true,
  win_rate: true,
  profit_factor: true,
  cagr: true,
  expected_value: true,
  total_trades: true,
  avg_trade_duration_seconds: true,
};
const OBJECTIVES = Object.keys(OBJECTIVE_CHOICES) as SweepObjective[];

/** The template's params that are not numbers (side, ...): one value each, as in the backtest form. */
function nonNumericSchema(paramsSchema: unknown) {
  const schema = withoutRules(paramsSchema);
  return { ...schema, properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([, param]) => !isNumeric(param))) };
}

/** Live progress and leaderboard so far from the `backtestSweep` subscription, which yields the sweep now and on each change. */
function SweepProgress({ session, sweep: submitted, onFinished }: { session: Session; sweep: SweepFieldsFragment; onFinished: () => void }) {
  const [sweep, setSweep] = useState(submitted);
  useEffect(() => setSweep(submitted), [submitted.id]);
  const error = useSubscription(session.credentials, BacktestSweepProgressDocument, { id: submitted.id }, submitted.id, ({ backtestSweep }) =>
    setSweep(backtestSweep),
  );
  useEffect(() => {
    if (FINISHED_STATUSES.has(sweep.status)) onFinished();
  }, [sweep.status]);
  return (
    <div class="job">
      <RunProgress id="sweep-progress" name={sweep.id} status={sweep.status} progress={sweep.progress} />
      <ErrorMessage>{sweep.error ? `${sweep.error.code}: ${sweep.error.message}` : error}</ErrorMessage>
      <SweepResult sweep={sweep} />
    </div>
  );
}

const EXAMPLE_SETTINGS: RunSettings = {
  symbol: EXAMPLE_SWEEP.symbol,
  timeframe: EXAMPLE_SWEEP.timeframe,
  start: EXAMPLE_SWEEP.start,
  end: EXAMPLE_SWEEP.end,
  capital: EXAMPLE_SWEEP.capital,
  leverage: String(EXAMPLE_SWEEP.leverage),
};

/** A template's example ranges: the example sweep's for its template, a 3 × 3 grid around each template's defaults otherwise. */
function templateRanges(id: string, paramsSchema: unknown): SweepRanges {
  const ranges = exampleRanges(paramsSchema);
  if (id !== EXAMPLE_SWEEP.templateId) return ranges;
  for (const [name, { from, to, step }] of Object.entries(EXAMPLE_SWEEP.ranges)) ranges[name] = { from: String(from), to: String(to), step: String(step) };
  return ranges;
}

/**
 * Parameter sweeps (contract §13): a form with a range per numeric param,
 * prefilled with the example sweep (a 3 × 3 grid over one quarter that
 * finishes in seconds), the live leaderboard and heatmap, and the recent sweeps.
 */
export function Sweeps({ session, templates }: { session: Session; templates: TemplateFieldsFragment[] }) {
  const recent = useAsync(() => execute(session.credentials, RecentBacktestSweepsDocument, { limit: 10 }), [session]);
  const [templateId, setTemplateId] = useState('');
  const [settings, setSettings] = useState(EXAMPLE_SETTINGS);
  const [ranges, setRanges] = useState<SweepRanges>({});
  const [fixed, setFixed] = useState<ParamValues>({});
  const [rules, setRules] = useState(EXAMPLE_RULES);
  const [objective, setObjective] = useState<SweepObjective>('sharpe');
  const [top, setTop] = useState('100');
  const [sweep, setSweep] = useState<SweepFieldsFragment>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const template = templates.find((candidate) => candidate.id === templateId);

  useEffect(() => {
    if (templates[0] && !template) chooseTemplate(templates[0].id);
  }, [templates]);
  function chooseTemplate(id: string) {
    const paramsSchema = templates.find((candidate) => candidate.id === id)?.paramsSchema;
    setTemplateId(id);
    // The expression example varies its named numbers; its own numeric params keep their defaults.
    setRanges(id === EXPRESSION_TEMPLATE ? {} : templateRanges(id, paramsSchema));
    setFixed({ ...exampleValues(nonNumericSchema(paramsSchema)), ...(id === EXAMPLE_SWEEP.templateId ? EXAMPLE_SWEEP.fixed : {}) });
  }

  async function show(id: string) {
    setError(undefined);
    try {
      setSweep((await execute(session.credentials, BacktestSweepResultDocument, { id })).backtestSweep);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function run(event: Event) {
    event.preventDefault();
    if (!template) return;
    setBusy(true);
    setError(undefined);
    try {
      const { createBacktestSweep } = await execute(session.credentials, RunBacktestSweepDocument, {
        input: {
          templateId: template.id,
          params: { ...paramsFrom(nonNumericSchema(template.paramsSchema), fixed), ...rangeParams(ranges), ...ruleParams(template.id, rules, 'ranges') },
          ...runInput(settings),
          objective,
          top: Number(top),
        },
      });
      setSweep(createBacktestSweep);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="sweeps-title">
      <h2 id="sweeps-title">Parameter sweeps</h2>
      {template && (
        <form class="panel" onSubmit={(event) => void run(event)} aria-label="New sweep">
          <div class="form-grid">
            <TemplatePicker id="sweep-template" templates={templates} value={template.id} onChange={chooseTemplate} />
            <RunSettingsFields idPrefix="sweep" settings={settings} minCapital={template.minCapital} onChange={setSettings} />
            <div class="field">
              <label for="sweep-objective">Rank by</label>
              <select id="sweep-objective" value={objective} onChange={(event) => setObjective(event.currentTarget.value as SweepObjective)}>
                {OBJECTIVES.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </div>
            <TextField id="sweep-top" label="Leaderboard rows (1-100)" type="number" min={1} max={100} step={1} value={top} onInput={setTop} />
          </div>
          {template.id === EXPRESSION_TEMPLATE && (
            <ExpressionEditor idPrefix="sweep-rules" credentials={session.credentials} rules={rules} onChange={setRules} use="ranges" />
          )}
          <fieldset class="params ranges">
            <legend>Parameter ranges (from, to and step, inclusive; from = to for one value)</legend>
            <SweepRangeFields idPrefix="sweep-param" paramsSchema={template.paramsSchema} ranges={ranges} onChange={setRanges} />
          </fieldset>
          <ParamsFields idPrefix="sweep-param" paramsSchema={nonNumericSchema(template.paramsSchema)} values={fixed} onChange={setFixed} />
          <p class="hint" id="sweep-example-hint">
            The example ({EXAMPLE_SWEEP.templateId} {EXAMPLE_SWEEP.symbol} {EXAMPLE_SWEEP.timeframe}, {EXAMPLE_SWEEP.start} to {EXAMPLE_SWEEP.end}) was picked
            because it did well on the demo’s synthetic prices: its best rows are in-sample, showing what a good result looks like, not what to expect.
          </p>
          <button type="submit" class="primary" disabled={busy}>
            Run sweep
          </button>
        </form>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {sweep && <SweepProgress session={session} sweep={sweep} onFinished={recent.reload} />}
      <ErrorMessage>{recent.error}</ErrorMessage>
      {recent.data && (
        <PagedTable
          caption="Recent sweeps"
          rows={recent.data.backtestSweeps.data}
          rowKey={(row) => row.id}
          empty="No sweeps yet."
          columns={[
            { label: 'Sweep', value: (row) => row.id },
            { label: 'Template', value: (row) => row.config.templateId },
            { label: 'Symbols', value: (row) => row.config.symbols.join(', ') },
            { label: 'Combinations', value: (row) => row.combinations, numeric: true },
            { label: 'Ranked by', value: (row) => row.config.objective },
            { label: 'Status', value: (row) => row.status },
            { label: 'Submitted', value: (row) => formatTime(row.submittedAt) },
            {
              label: 'Result',
              value: (row) => row.id,
              render: (row) => (
                <button type="button" onClick={() => void show(row.id)} aria-label={`Show sweep ${row.id}`}>
                  Show
                </button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
