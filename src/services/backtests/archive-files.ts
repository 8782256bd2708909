import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';

/**
 * Reading the exchange archive's files (contract §21): a zip holding one CSV,
 * its header row present in newer files and absent in older ones. The zip is
 * read by yauzl from the downloaded bytes (it checks the central directory
 * and each entry's sizes and CRC) and its CSV is streamed through csv-parse
 * into typed columns, so a month of 1-minute bars is never held as text.
 * Any row that is not what the file's period must hold rejects the file:
 * the caller then takes that range from the REST API.
 */

export class ArchiveFileError extends Error {}

const HOUR_MS = 3_600_000;
/** Room for a funding time stamped a little late: a missing event leaves a gap of hours. */
const FUNDING_TIME_SLACK_MS = 60_000;

/** Calls `onRecord` with each record of the zip's one CSV file, in order. */
export async function readZippedCsv(zip: Buffer, onRecord: (fields: string[]) => void): Promise<void> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  try {
    if (archive.entryCount !== 1) throw new ArchiveFileError(`the zip holds ${archive.entryCount} files where one CSV was expected`);
    const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
      archive.once('entry', resolve).once('error', reject);
      archive.readEntry();
    });
    await pipeline(
      await archive.openReadStreamPromise(entry),
      parse(),
      // A plain sink rather than `for await`: a promise per record would double the time of a month of 1-minute bars.
      new Writable({
        objectMode: true,
        highWaterMark: 1024,
        write(record: string[], _encoding, done) {
          try {
            onRecord(record);
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      }),
    );
  } finally {
    archive.close();
  }
}

function finite(text: string | undefined, what: string): number {
  const value = text === undefined || text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new ArchiveFileError(`${what} ${JSON.stringify(text)} is not a number`);
  return value;
}

/**
 * The klines of [start, end) as the engine's columns (open time, open, high,
 * low, close, volume): exactly one row per bar, open times contiguous.
 */
export async function readKlines(zip: Buffer, start: number, end: number, barMs: number): Promise<Float64Array[]> {
  const due = (end - start) / barMs;
  const columns = Array.from({ length: 6 }, () => new Float64Array(due));
  let count = 0;
  let first = true;
  await readZippedCsv(zip, (fields) => {
    const header = first && fields[0] === 'open_time';
    first = false;
    if (header) return;
    const expected = start + count * barMs;
    if (count >= due || Number(fields[0]) !== expected) {
      throw new ArchiveFileError(`open time ${fields[0]} where ${count >= due ? 'the period had ended' : expected} was due`);
    }
    columns.forEach((column, index) => (column[count] = finite(fields[index], 'a kline field')));
    count++;
  });
  if (count !== due) throw new ArchiveFileError(`${count} klines where ${due} were due`);
  return columns;
}

/**
 * The funding events of [start, end) as the engine's columns (time, rate),
 * in time order, none missing: no two events further apart than the
 * file's own funding interval.
 */
export async function readFunding(zip: Buffer, start: number, end: number): Promise<Float64Array[]> {
  const times: number[] = [];
  const rates: number[] = [];
  let previousHours = 0;
  let first = true;
  await readZippedCsv(zip, (fields) => {
    const header = first && fields[0] === 'calc_time';
    first = false;
    if (header) return;
    const time = finite(fields[0], 'a funding time');
    const hours = finite(fields[1], 'a funding interval');
    const previous = times.at(-1);
    if (time < start || time >= end || (previous !== undefined && time <= previous)) {
      throw new ArchiveFileError(`funding time ${fields[0]} out of order or outside the file's month`);
    }
    if (previous !== undefined && time - previous > Math.max(hours, previousHours) * HOUR_MS + FUNDING_TIME_SLACK_MS) {
      throw new ArchiveFileError(`funding events missing between ${previous} and ${time}`);
    }
    times.push(time);
    rates.push(finite(fields[2], 'a funding rate'));
    previousHours = hours;
  });
  return [Float64Array.from(times), Float64Array.from(rates)];
}
