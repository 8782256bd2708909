import { useEffect, useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { formatTime } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { exampleSettings, RunSettingsFields, runInput } from '../components/run-settings';
import { exampleValues, ParamsFields, paramsFrom, type ParamValues } from '../components/params-form';
import { takeHandedRules } from '../components/backtest-handoff';
import { EXAMPLE_RULES, EXPRESSION_TEMPLATE, ExpressionEditor, ruleParams, rulesOf, withoutRules } from '../components/expression-editor';
import { FINISHED_STATUSES, RunProgress } from '../components/run-progress';
import { TemplatePicker } from '../components/template-picker';
import { useAsync } from '../components/use-async';
import { useSubscription } from '../components/use-subscription';
import {
  BacktestJobProgressDocument,
  BacktestJobResultDocument,
  BacktestTemplatesDocument,
  RecentBacktestJobsDocument,
  RunBacktestDocument,
  type BacktestJobResultQuery,
  type JobSummaryFragment,
} from '../graphql/generated';
import type { Session } from '../session';
import { BacktestResult } from './backtest-result';
import { Sweeps } from './sweeps';

/** Live progress of one job from the `backtestJob` subscription, then its full result. */
function JobProgress({ session, job: submitted, onFinished }: { session: Session; job: JobSummaryFragment; onFinished: () => void }) {
  const [job, setJob] = useState(submitted);
  const [error, setError] = useState<string>();
  const [full, setFull] = useState<BacktestJobResultQuery['backtestJob']>();
  useEffect(() => {
    setJob(submitted);
    setFull(undefined);
    setError(undefined);
  }, [submitted.id]);
  const subscriptionError = useSubscription(session.credentials, BacktestJobProgressDocument, { id: submitted.id }, submitted.id, ({ backtestJob }) =>
    setJob(backtestJob),
  );
  useEffect(() => {
    if (!FINISHED_STATUSES.has(job.status)) return;
    onFinished();
    if (job.status === 'done')
      execute(session.credentials, BacktestJobResultDocument, { id: job.id }).then(
        ({ backtestJob }) => setFull(backtestJob),
        (failure: unknown) => setError(errorMessage(failure)),
      );
  }, [job.status]);
  return (
    <div class="job">
      <RunProgress id="job-progress" name={job.id} status={job.status} progress={job.progress} />
      <ErrorMessage>{job.error ? `${job.error.code}: ${job.error.message}` : (error ?? subscriptionError)}</ErrorMessage>
      {full && <BacktestResult job={full} credentials={session.credentials} />}
    </div>
  );
}

export function Backtests({ session }: { session: Session }) {
  const templates = useAsync(() => execute(session.credentials, BacktestTemplatesDocument), [session]);
  const recent = useAsync(() => execute(session.credentials, RecentBacktestJobsDocument, { limit: 20 }), [session]);
  const [templateId, setTemplateId] = useState('');
  const [params, setParams] = useState<ParamValues>({});
  // "Backtest this" on a public strategy opens this form with its rules.
  const [handed] = useState(takeHandedRules);
  const [rules, setRules] = useState(() => (handed ? rulesOf(handed.entry, handed.exit) : EXAMPLE_RULES));
  const [settings, setSettings] = useState(exampleSettings);
  const [job, setJob] = useState<JobSummaryFragment>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = templates.data?.backtestTemplates ?? [];
  const template = list.find((candidate) => candidate.id === templateId);

  useEffect(() => {
    if (list[0] && !template) chooseTemplate(handed ? EXPRESSION_TEMPLATE : list[0].id);
  }, [list]);

  function chooseTemplate(id: string) {
    setTemplateId(id);
    setParams(exampleValues(list.find((candidate) => candidate.id === id)?.paramsSchema));
  }

  async function run(event: Event) {
    event.preventDefault();
    if (!template) return;
    setBusy(true);
    setError(undefined);
    try {
      const { createBacktestJob } = await execute(session.credentials, RunBacktestDocument, {
        input: {
          templateId: template.id,
          params: { ...paramsFrom(withoutRules(template.paramsSchema), params), ...ruleParams(template.id, rules, 'numbers') },
          ...runInput(settings),
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
    <>
      <section aria-labelledby="backtests-title">
        <h2 id="backtests-title">Backtests</h2>
        {templates.loading && !templates.data && <Loading what="templates" />}
        <ErrorMessage>{templates.error}</ErrorMessage>
        {template && (
          <form class="panel" onSubmit={(event) => void run(event)} aria-label="New backtest">
            <div class="form-grid">
              <TemplatePicker id="backtest-template" templates={list} value={template.id} onChange={chooseTemplate} />
              <RunSettingsFields idPrefix="backtest" settings={settings} minCapital={template.minCapital} onChange={setSettings} />
            </div>
            {template.id === EXPRESSION_TEMPLATE && (
              <ExpressionEditor idPrefix="backtest-rules" credentials={session.credentials} rules={rules} onChange={setRules} use="numbers" />
            )}
            <ParamsFields idPrefix="backtest-param" paramsSchema={withoutRules(template.paramsSchema)} values={params} onChange={setParams} />
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
      {template && <Sweeps session={session} templates={list} />}
    </>
  );
}
