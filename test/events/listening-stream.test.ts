import { EventEmitter, on } from 'node:events';
import { listeningStream } from '../../src/services/listening-stream';

/** A stream like the subscriptions': a generator that passes on what a listener hears, until its controller aborts. */
function streamOf(emitter: EventEmitter) {
  const controller = new AbortController();
  const heard = on(emitter, 'event', { signal: controller.signal }) as AsyncIterableIterator<[number]>;
  async function* passOn(): AsyncGenerator<number> {
    try {
      for await (const [value] of heard) if (value % 2 === 0) yield value;
    } finally {
      controller.abort();
    }
  }
  return listeningStream(passOn(), controller);
}

describe('listeningStream', () => {
  it('passes on what the generator yields', async () => {
    const emitter = new EventEmitter();
    const stream = streamOf(emitter);
    const first = stream.next();
    emitter.emit('event', 1);
    emitter.emit('event', 2);
    await expect(first).resolves.toEqual({ done: false, value: 2 });
    await stream.return!();
  });

  it('stops listening at once when the subscriber leaves while the generator waits, and ends its pending wait as the end of the stream', async () => {
    const emitter = new EventEmitter();
    const stream = streamOf(emitter);
    const waiting = stream.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitter.listenerCount('event')).toBe(1);
    await expect(stream.return!()).resolves.toEqual({ done: true, value: undefined });
    expect(emitter.listenerCount('event')).toBe(0);
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
  });

  it('still fails the stream on an error of its own', async () => {
    const controller = new AbortController();
    // eslint-disable-next-line require-yield
    async function* failing(): AsyncGenerator<number> {
      throw new Error('read failed');
    }
    await expect(listeningStream(failing(), controller).next()).rejects.toThrow('read failed');
  });
});
