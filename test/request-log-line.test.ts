import { Writable } from 'node:stream';
import { createLogger, requestCompletedWriter, type RequestCompleted } from '../src/observability/logger';

function capturingLogger(level = 'info'): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, logger: createLogger(level, sink) };
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
