import { Writable } from 'node:stream';

/** A writable stream that keeps the non-empty lines written to it, as they arrive (a logger's sink, a command's output). */
export function capturedLines(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, lines };
}
