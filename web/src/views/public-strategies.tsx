import { useEffect, useState } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { execute } from '../api/graphql-client';
import { handToBacktest } from '../components/backtest-handoff';
import { checkFailure } from '../components/expression-editor';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useAsync } from '../components/use-async';
import { PublicStrategiesDocument, ValidateStrategyExpressionDocument, type PublicStrategiesQuery } from '../graphql/generated';
import type { Session } from '../session';

type PublicRecord = PublicStrategiesQuery['strategies'][number];

/**
 * "Backtest this" when the record's conditions are valid expressions (checked
 * when its row is shown), else why they can't run: the validate operation's own error.
 */
function BacktestThis({ credentials, record }: { credentials: Credentials; record: PublicRecord }) {
  const [problem, setProblem] = useState<string | null>();
  useEffect(() => {
    let current = true;
    setProblem(undefined);
    execute(credentials, ValidateStrategyExpressionDocument, { entry: record.entryCondition, exit: record.exitCondition }).then(
      () => current && setProblem(null),
      (failure: unknown) => {
        if (!current) return;
        const { rule, message } = checkFailure(failure);
        setProblem(rule ? `Can't run: its ${rule} condition is not an expression (${message}).` : `Can't check: ${message}`);
      },
    );
    return () => {
      current = false;
    };
  }, [record.entryCondition, record.exitCondition]);
  if (problem === undefined) return <span class="hint">Checking…</span>;
  if (problem)
    return (
      <span class="hint cannot-run" data-testid="cannot-run">
        {problem}
      </span>
    );
  return (
    <button
      type="button"
      onClick={() => {
        handToBacktest({ entry: record.entryCondition, exit: record.exitCondition });
        location.hash = '#/backtests';
      }}
      aria-label={`Backtest ${record.name}`}
    >
      Backtest this
    </button>
  );
}

/** Public strategy records (spec "Public strategy records"), with a backtest of those whose conditions are expressions. */
export function PublicStrategies({ session }: { session: Session }) {
  const records = useAsync(() => execute(session.credentials, PublicStrategiesDocument), [session]);
  return (
    <section aria-labelledby="public-strategies-title">
      <h2 id="public-strategies-title">Public strategies</h2>
      {records.loading && !records.data && <Loading what="public strategies" />}
      <ErrorMessage>{records.error}</ErrorMessage>
      {records.data && (
        <PagedTable
          caption="Public strategy records"
          rows={records.data.strategies}
          rowKey={(row) => row.id}
          empty="No public strategy records yet."
          columns={[
            { label: 'Name', value: (row) => row.name },
            { label: 'Author', value: (row) => row.author },
            { label: 'Entry', value: (row) => row.entryCondition, render: (row) => <code class="condition">{row.entryCondition}</code> },
            { label: 'Exit', value: (row) => row.exitCondition, render: (row) => <code class="condition">{row.exitCondition}</code> },
            { label: 'Backtest', value: (row) => row.id, render: (row) => <BacktestThis credentials={session.credentials} record={row} /> },
          ]}
        />
      )}
    </section>
  );
}
