/**
 * History at archive speed (issue 30, contract §21): the first job over
 * 1-minute candles of a symbol not stored yet, once with every candle from
 * the REST API (within the upstream weight budget) and once with the data
 * archive, both served by the stand-ins. Each run has a worker process of its
 * own, running the compiled build as `npm start` does, so its peak memory can
 * be read. Targets (5 years): archive run ≤ 60 s on 2 cores, worker peak
 * ≤ 600 MB.
 *
 *   npm run bench -- history [months] [archive]
 *
 * `months` defaults to 60 (5 years). With `archive` only the archive half
 * runs (about 40 s instead of ~9 minutes, for iterating on it); the check
 * that both halves' results are identical needs both, so it is skipped.
 *
 * The archive stand-in builds every file once before the timed run (a month
 * of 1-minute bars takes it about a second to zip), so the time is the
 * service's, not the stand-in's.
 */
import { createHash } from 'node:crypto';
import { startArchiveStandIn } from '../test/stand-ins/archive/archive-stand-in';
import { machineLine, peakRssMb, startBacktestBench, timeJob } from './support/backtest-bench';

const SYMBOL = 'ETHUSDT';
/** The end of a month whose monthly file the stand-in publishes (3 days after the month). */
const END = Date.UTC(2026, 9, 31);

/** The first instant of the month `offset` months after the one holding `time`. */
function monthStart(time: number, offset: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
}

export async function main(args: string[]): Promise<void> {
  const months = Number(args[0] ?? 60);
  if (!Number.isInteger(months) || months < 1 || months > 60) throw new Error('months: an integer from 1 to 60');
  if (args[1] !== undefined && args[1] !== 'archive') throw new Error('the second argument, if any, is `archive`');
  const archiveOnly = args[1] === 'archive';
  const start = monthStart(END, 1 - months);
  const bench = await startBacktestBench();
  const { exchange, api, call } = bench;
  const archive = await startArchiveStandIn({ keepFiles: Infinity });
  const body = {
    template_id: 'sma_cross',
    params: { fast: 10, slow: 30 },
    symbols: [SYMBOL],
    timeframe: '1m',
    start: new Date(start).toISOString(),
    end: new Date(END).toISOString(),
    capital: '10000',
  };
  try {
    console.log(machineLine());
    console.log(`first ${months}-month 1m sma_cross job on ${SYMBOL} (${body.start} → ${body.end}), nothing stored:`);

    const run = async (label: string, workerEnv: Record<string, string>) => {
      await api.service.orm.em.fork().getConnection().execute('TRUNCATE history_chunks');
      exchange.resetCalls();
      archive.resetRequests();
      const worker = await bench.worker(workerEnv);
      try {
        const { seconds, job } = await timeJob(call, body, 50);
        if (job.status !== 'done') throw new Error(`${label}: job ${job.status}: ${JSON.stringify(job.error)}`);
        const rest = `${exchange.calls('/fapi/v1/klines')} klines + ${exchange.calls('/fapi/v1/fundingRate')} fundingRate calls`;
        const files = archive.requests().filter((asked) => asked.endsWith('.zip')).length;
        console.log(
          `  ${label}: create → done ${seconds.toFixed(1)} s; REST: ${rest}; archive: ${archive.requests().length} requests (${files} files); worker peak RSS (VmHWM) ${peakRssMb(worker.child.pid!).toFixed(0)} MB`,
        );
        return job;
      } finally {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
    };

    const restJob = archiveOnly ? undefined : await run('REST only (weight budget 2,000/min)', { UPSTREAM_ARCHIVE_URL: 'off' });

    // The stand-in builds each monthly file now, outside the timed run.
    const built = performance.now();
    for (let month = start; month < END; month = monthStart(month, 1)) {
      const date = new Date(month).toISOString().slice(0, 7);
      await fetch(`${archive.url}/data/futures/um/monthly/klines/${SYMBOL}/1m/${SYMBOL}-1m-${date}.zip.CHECKSUM`);
      await fetch(`${archive.url}/data/futures/um/monthly/fundingRate/${SYMBOL}/${SYMBOL}-fundingRate-${date}.zip.CHECKSUM`);
    }
    console.log(`  (archive stand-in built its files in ${((performance.now() - built) / 1000).toFixed(1)} s, not timed)`);

    const archiveJob = await run('with the archive (target ≤ 60 s for 5 years, peak ≤ 600 MB)', { UPSTREAM_ARCHIVE_URL: archive.url });
    const archiveText = JSON.stringify(archiveJob.result);
    // A digest to compare the archive half's result across runs of `archive` alone.
    console.log(`  archive result: ${archiveText.length} characters, sha256 ${createHash('sha256').update(archiveText).digest('hex').slice(0, 16)}`);
    if (restJob) {
      const same = JSON.stringify(restJob.result) === archiveText;
      console.log(`  results identical string for string: ${same ? 'yes' : 'NO'}`);
      if (!same) process.exitCode = 1;
    }
  } finally {
    await archive.close();
    await bench.stop();
  }
}
