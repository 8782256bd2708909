import type { BacktestExitReason, BacktestJobResultQuery } from '../../graphql/generated';

/** The shapes of one done job's result as the `BacktestJobResult` query fetches it. */
export type Job = BacktestJobResultQuery['backtestJob'];
export type Result = NonNullable<Job['result']>;
export type Report = NonNullable<Result['report']>;
export type Summary = Report['summary'];
export type Trade = NonNullable<Result['trades']>[number];
export type Drawdown = Report['drawdowns'][number];
export type ExitReason = BacktestExitReason;
