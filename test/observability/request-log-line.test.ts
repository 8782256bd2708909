import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger, requestCompletedWriter, type RequestCompleted } from '../../src/observability/logger';
import { capturedLines } from '../support/captured-output';

function capturingLogger(level = 'info'): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const { stream, lines } = capturedLines();
  return { lines, logger: createLogger(level, stream) };
}

const withoutTime = (line: string) => {
  const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
  expect(typeof time).toBe('string');
  expect(new Date(time as string).toISOString()).toBe(time);
  return rest;
};

describe('requestCompletedWriter: the request line of remembered cache hits', () => {
  const fields: RequestCompleted = {
    id: 'abc-1',
    method: 'GET',
    path: '/fapi/v1/premiumIndex',
    remoteAddress: '::ffff:127.0.0.1',
    statusCode: 200,
    responseTime: 0,
  };

  it('writes the same line, key for key and in the same order, as logger.info with the same fields', () => {
    const { lines, logger } = capturingLogger();
    const { statusCode, responseTime, ...req } = fields;
    logger.info({ req, res: { statusCode }, responseTime }, 'request completed');
    requestCompletedWriter(logger)(fields);
    expect(lines).toHaveLength(2);
    const [viaPino, viaWriter] = lines.map(withoutTime);
    expect(viaWriter).toEqual(viaPino);
    expect(Object.keys(viaWriter!)).toEqual(Object.keys(viaPino!));
  });

  it('escapes what it writes, so a path with quotes or backslashes stays one valid JSON line', () => {
    const { lines, logger } = capturingLogger();
    requestCompletedWriter(logger)({ ...fields, path: '/a"b\\c\n', remoteAddress: undefined });
    expect(lines).toHaveLength(1);
    expect(withoutTime(lines[0]!)).toMatchObject({ req: { path: '/a"b\\c\n' }, msg: 'request completed' });
  });

  it('writes nothing when the level is above info', () => {
    const { lines, logger } = capturingLogger('warn');
    requestCompletedWriter(logger)(fields);
    expect(lines).toEqual([]);
  });
});

describe('the standard-output destination: lines batched in the process reach stdout', () => {
  /** Runs a process that logs `count` lines through the default destination, then ends as `ending` says; resolves with what it wrote. */
  async function loggedThenEnded(count: number, ending: 'returns' | 'exits' | 'throws'): Promise<{ lines: string[]; code: number }> {
    const script = `
      const { createLogger } = require('./src/observability/logger');
      const logger = createLogger('info');
      for (let index = 0; index < ${count}; index += 1) logger.info({ index }, 'line');
      ${ending === 'exits' ? 'process.exit(3);' : ending === 'throws' ? "throw new Error('fatal');" : ''}`;
    const ran = promisify(execFile)(process.execPath, ['-r', './scripts/register-typescript.js', '-e', script], {
      cwd: path.resolve(__dirname, '../..'),
      maxBuffer: 64 * 1024 * 1024,
    });
    const { stdout, code } = await ran.then(
      (done) => ({ stdout: done.stdout, code: 0 }),
      (failed: { stdout: string; code: number }) => ({ stdout: failed.stdout, code: failed.code }),
    );
    return { lines: stdout.split('\n').filter(Boolean), code };
  }

  it.each([
    ['returns', 0],
    ['exits', 3],
    ['throws', 1],
  ] as const)('every line, in order, when the process %s: one below a batch and thousands over many batches', async (ending, code) => {
    for (const count of [1, 5_000]) {
      const ended = await loggedThenEnded(count, ending);
      expect(ended.code).toBe(code);
      expect(ended.lines.map((line) => (JSON.parse(line) as { index: number }).index)).toEqual(Array.from({ length: count }, (_, index) => index));
    }
  });
});
