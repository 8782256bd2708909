/** One timed call: wall time, and this process's CPU time (user + system), which other processes' turns on a shared CPU do not inflate. */
export interface TimedRun<Result> {
  ms: number;
  cpuMs: number;
  /** What the call returned (a trade count to compare, say). */
  result: Result;
}

export function timeRun<Result>(action: () => Result): TimedRun<Result> {
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const result = action();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuAtStart);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, result };
}

/**
 * Times each of `runs` once per round, for `rounds` rounds, the order
 * reversed every other round, after `warmUps` untimed rounds in the same
 * turns: V8 recompiles a shared loop (the engine's bar loop) as each kind of
 * run brings it new paths, and this VM's speed drifts within seconds, so runs
 * compared are timed back to back in the same state of the JIT. Every
 * round's times, by run.
 */
export function timeInTurns<Runs extends Record<string, () => unknown>>(
  runs: Runs,
  { rounds, warmUps = 2 }: { rounds: number; warmUps?: number },
): { [Name in keyof Runs]: TimedRun<ReturnType<Runs[Name]>>[] } {
  const names = Object.keys(runs) as (keyof Runs & string)[];
  const timed = Object.fromEntries(names.map((name) => [name, [] as TimedRun<unknown>[]])) as Record<keyof Runs, TimedRun<unknown>[]>;
  for (let round = -warmUps; round < rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const run = timeRun(runs[name]!);
      if (round >= 0) timed[name].push(run);
    }
  }
  return timed as { [Name in keyof Runs]: TimedRun<ReturnType<Runs[Name]>>[] };
}

/** The fastest of `runs` by wall time (`ms`) or CPU time (`cpuMs`). */
export const fastest = (runs: readonly TimedRun<unknown>[], measure: 'ms' | 'cpuMs'): number => Math.min(...runs.map((run) => run[measure]));

/** Each round's ratio of `runs` to `baseline` (same rounds), sorted: [0] the lowest, the middle one the median. */
export const roundRatios = (runs: readonly TimedRun<unknown>[], baseline: readonly TimedRun<unknown>[], measure: 'ms' | 'cpuMs'): number[] =>
  runs.map((run, round) => run[measure] / baseline[round]![measure]).sort((x, y) => x - y);
