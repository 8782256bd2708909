/**
 * A subscription's stream, made by an async generator that waits on a
 * listener registered under `controller`'s signal (`events.on`). A generator
 * suspended at an `await` carries out `return()` (the subscriber sent
 * `complete` or its socket closed) only when it next yields, so its listener
 * stayed registered until the next event it passed on: on a quiet stream, for
 * ever, and the process went on reading back events for nobody. Here
 * `return()` aborts the listening at once, and the wait that the abort ends
 * finishes the stream instead of failing it.
 */
export function listeningStream<T>(source: AsyncGenerator<T>, controller: AbortController): AsyncIterableIterator<T> {
  const ended = { done: true, value: undefined } as const;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      try {
        return await source.next();
      } catch (error) {
        if (controller.signal.aborted) return ended;
        throw error;
      }
    },
    async return() {
      controller.abort();
      await source.return(undefined).catch(() => undefined);
      return ended;
    },
  };
}
