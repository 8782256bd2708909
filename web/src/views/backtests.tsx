import { useEffect, useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { graphQLTimeframe, TIMEFRAME_MS } from '../api/klines';
import { subscribe, subscriptionClient } from '../api/subscriptions';
import { formatTime } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { exampleValues, ParamsFields, paramsFrom, type ParamValues } from '../components/params-form';
import { useAsync } from '../components/use-async';
import {
  BacktestJobProgressDocument,
  BacktestJobResultDocument,
  BacktestTemplatesDocument,
  RecentBacktestJobsDocument,
  RunBacktestDocument,
  type BacktestJobResultQuery,
  type JobSummaryFragment,
  type TemplateFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';
import { BacktestResult } from './backtest-result';

const DAY_MS = 86_400_000;
const FINISHED = new Set(['done', 'failed', 'cancelled']);

interface RunSettings {
  symbol: string;
  timeframe: string;
  start: string;
  end: string;
  capital: string;
  leverage: string;
}

/** The example a new user can run as it stands: a liquid symbol over the last 30 whole days, hourly. */
function exampleSettings(): RunSettings {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { symbol: 'BTCUSDT', timeframe: '1h', start: day(end - 30 * DAY_MS), end: day(end), capital: '10000', leverage: '1' };
}

export function TemplatePicker({
  id,
  templates,
  value,
  onChange,
}: {
  id: string;
  templates: TemplateFieldsFragment[];
  value: string;
  onChange: (id: string) => void;
}) {
  const template = templates.find((candidate) => candidate.id === value);
  return (
    <div class="field">
      <label for={id}>Template</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={`${id}-hint`}>
        {templates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      <small id={`${id}-hint`} class="hint">
        {template?.description}
      </small>
    </div>
  );
}

function TextField({
  id,
  label,
  value,
  onInput,
  type = 'text',
  ...rest
}: { id: string; label: string; value: string; onInput: (value: string) => void; type?: string } & Record<string, unknown>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type={type} required value={value} onInput={(event) => onInput(event.currentTarget.value)} {...rest} />
    </div>
  );
}

/** Live progress of one job from the `backtestJob` subscription, then its full result. */
function JobProgress({ session, job: submitted, onFinished }: { session: Session; job: JobSummaryFragment; onFinished: () => void }) {
  const [job, setJob] = useState(submitted);
  const [error, setError] = useState<string>();
  const [full, setFull] = useState<BacktestJobResultQuery['backtestJob']>();
  useEffect(() => {
    setJob(submitted);
    setFull(undefined);
    setError(undefined);
    const client = subscriptionClient(session.credentials);
    const stop = subscribe(
      client,
      BacktestJobProgressDocument,
      { id: submitted.id },
      {
        next: ({ backtestJob }) => setJob(backtestJob),
        error: setError,
      },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [submitted.id]);
  useEffect(() => {
    if (!FINISHED.has(job.status)) return;
    onFinished();
    if (job.status === 'done')
      execute(session.credentials, BacktestJobResultDocument, { id: job.id }).then(
        ({ backtestJob }) => setFull(backtestJob),
        (failure: unknown) => setError(errorMessage(failure)),
      );
  }, [job.status]);
  const percent = Math.round(job.progress * 100);
  return (
    <div class="job">
      <div class="field">
        <label for="job-progress">
          {job.id}: {job.status}, {percent}%
        </label>
        <progress id="job-progress" max={100} value={percent} aria-valuetext={`${job.status}, ${percent}%`} />
      </div>
      <ErrorMessage>{job.error ? `${job.error.code}: ${job.error.message}` : error}</ErrorMessage>
      {full && <BacktestResult job={full} credentials={session.credentials} />}
    </div>
  );
}

export function Backtests({ session }: { session: Session }) {
  const templates = useAsync(() => execute(session.credentials, BacktestTemplatesDocument), [session]);
  const recent = useAsync(() => execute(session.credentials, RecentBacktestJobsDocument, { limit: 20 }), [session]);
  const [templateId, setTemplateId] = useState('');
  const [params, setParams] = useState<ParamValues>({});
  const [settings, setSettings] = useState(exampleSettings);
  const [job, setJob] = useState<JobSummaryFragment>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = templates.data?.backtestTemplates ?? [];
  const template = list.find((candidate) => candidate.id === templateId);

  useEffect(() => {
    if (list[0] && !template) chooseTemplate(list[0].id);
  }, [list]);

  function chooseTemplate(id: string) {
    setTemplateId(id);
    setParams(exampleValues(list.find((candidate) => candidate.id === id)?.paramsSchema));
  }
  const set = (name: keyof RunSettings) => (value: string) => setSettings({ ...settings, [name]: value });

  async function run(event: Event) {
    event.preventDefault();
    if (!template) return;
    setBusy(true);
    setError(undefined);
    try {
      const { createBacktestJob } = await execute(session.credentials, RunBacktestDocument, {
        input: {
          templateId: template.id,
          params: paramsFrom(template.paramsSchema, params),
          symbols: settings.symbol
            .split(',')
            .map((symbol) => symbol.trim().toUpperCase())
            .filter(Boolean),
          timeframe: graphQLTimeframe(settings.timeframe),
          start: `${settings.start}T00:00:00Z`,
          end: `${settings.end}T00:00:00Z`,
          capital: settings.capital,
          leverage: Number(settings.leverage),
        },
      });
      setJob(createBacktestJob);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="backtests-title">
      <h2 id="backtests-title">Backtests</h2>
      {templates.loading && !templates.data && <Loading what="templates" />}
      <ErrorMessage>{templates.error}</ErrorMessage>
      {template && (
        <form class="panel" onSubmit={(event) => void run(event)} aria-label="New backtest">
          <div class="form-grid">
            <TemplatePicker id="backtest-template" templates={list} value={template.id} onChange={chooseTemplate} />
            <TextField id="backtest-symbols" label="Symbols (comma-separated)" value={settings.symbol} onInput={set('symbol')} autoComplete="off" />
            <div class="field">
              <label for="backtest-timeframe">Timeframe</label>
              <select id="backtest-timeframe" value={settings.timeframe} onChange={(event) => set('timeframe')(event.currentTarget.value)}>
                {Object.keys(TIMEFRAME_MS).map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </div>
            <TextField id="backtest-start" label="Start (UTC)" type="date" value={settings.start} onInput={set('start')} />
            <TextField id="backtest-end" label="End (UTC, exclusive)" type="date" value={settings.end} onInput={set('end')} />
            <TextField
              id="backtest-capital"
              label={`Capital (at least ${template.minCapital})`}
              inputMode="decimal"
              value={settings.capital}
              onInput={set('capital')}
            />
            <TextField id="backtest-leverage" label="Leverage" type="number" min={1} max={125} step={1} value={settings.leverage} onInput={set('leverage')} />
          </div>
          <ParamsFields idPrefix="backtest-param" paramsSchema={template.paramsSchema} values={params} onChange={setParams} />
          <ErrorMessage>{error}</ErrorMessage>
          <button type="submit" class="primary" disabled={busy}>
            Run backtest
          </button>
        </form>
      )}
      {job && <JobProgress session={session} job={job} onFinished={recent.reload} />}
      {recent.data && (
        <PagedTable
          caption="Recent jobs"
          rows={recent.data.backtestJobs.data}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Job', value: (row) => row.id },
            { label: 'Template', value: (row) => row.config.templateId },
            { label: 'Symbols', value: (row) => row.config.symbols.join(', ') },
            { label: 'Status', value: (row) => row.status },
            { label: 'Submitted', value: (row) => formatTime(row.submittedAt) },
            {
              label: 'Result',
              value: (row) => row.id,
              render: (row) => (
                <button type="button" onClick={() => setJob(row)} aria-label={`Show job ${row.id}`}>
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
