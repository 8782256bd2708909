import {
  createSourceEventStream,
  execute,
  getOperationAST,
  Kind,
  print,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
} from 'graphql';
import { Extensions } from 'type-graphql';
import { RequestLoaders } from './request-loaders';

/**
 * Subscription fields whose result for one event depends only on the event,
 * the document and the variables, never on who subscribed (market data:
 * contract §15). graphql-js executes the selection once per subscriber and
 * event; for 1,000 subscribers of one symbol's `markPrice` that is 1,000
 * identical executions per second. For operations made only of such fields
 * the result is executed once per (event, document, variables) and shared.
 */
export function SameResultForEverySubscriber(): MethodDecorator & PropertyDecorator {
  return Extensions({ sameResultForEverySubscriber: true });
}

/** One graphql-ws subscription's socket, in its context: shared results are written to it directly. */
export interface SubscriberChannel {
  /** The subscription's id, as the client chose it. */
  id: string;
  /** Writes one text message; `sent` runs once the socket has taken it (or at once when the socket is closed). */
  send(text: string, sent: () => void): void;
}

/** A source stream that can push its events to a consumer instead of being iterated (`LatestValues`). */
interface PushableSource<T> extends AsyncIterableIterator<T> {
  return(): Promise<IteratorResult<T>>;
  deliverTo(deliver: (event: T, sent: () => void) => void): void;
}

type OperationResult = ReturnType<typeof execute>;

export interface SharingOptions {
  /** The result as it goes on the wire (graphql-ws's `onNext` applies the same): errors formatted, `extensions.cost` added. */
  finish(args: ExecutionArgs, result: ExecutionResult): FormattedExecutionResult;
}

/** What one (event, operation) pair gives every subscriber of it: the result, and its JSON once someone sends it directly. */
interface SharedResult {
  result: OperationResult;
  json?: string;
  /** While an asynchronous result is pending: the subscribers waiting for its JSON, served in one loop once it is there. */
  waiting?: { use: (json: string) => void; failed: () => void }[];
}

/**
 * graphql-ws's `subscribe`: graphql-js's, with results shared where the
 * fields allow it. A shared result from a pushable source is also serialised
 * once and written straight to each subscriber's socket: graphql-ws would
 * spend a chain of promises, a copy and a `JSON.stringify` per subscriber on
 * a message that differs only by its id (issue 12: 1,000 subscribers in
 * under 50 ms).
 */
export function subscribeSharingResults(options: SharingOptions): (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const results = new WeakMap<object, Map<string, SharedResult>>();
  const documentTexts = new WeakMap<DocumentNode, string>();

  const keyOf = (args: ExecutionArgs): string | undefined => {
    if (!isShared(args)) return undefined;
    let text = documentTexts.get(args.document);
    if (text === undefined) {
      text = print(args.document);
      documentTexts.set(args.document, text);
    }
    return `${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}\n${text}`;
  };

  return async (args) => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    // Each event is its own operation for the nested fields' DataLoaders: a subscription lives for hours, and
    // loaders kept from its first event would answer every later one with the first one's rows.
    const run = (event: unknown) => execute({ ...args, rootValue: event, contextValue: withFreshLoaders(args.contextValue) });
    const key = keyOf(args);
    if (key === undefined) return mapEvents(source, run);
    const shared = (event: unknown): SharedResult => {
      if (typeof event !== 'object' || event === null) return { result: run(event) };
      let byKey = results.get(event);
      if (!byKey) {
        byKey = new Map();
        results.set(event, byKey);
      }
      let entry = byKey.get(key);
      if (!entry) {
        entry = { result: run(event) };
        byKey.set(key, entry);
      }
      return entry;
    };
    const channel = channelOf(args.contextValue);
    if (!channel || !isPushable(source)) return mapEvents(source, (event) => shared(event).result);
    // Its message, byte for byte as graphql-ws writes it: `{"id":…,"type":"next","payload":…}`.
    const prefix = `{"id":${JSON.stringify(channel.id)},"type":"next","payload":`;
    return pushEvents(source, (event, sent) =>
      withJson(
        shared(event),
        (result) => JSON.stringify(options.finish(args, result)),
        (json) => channel.send(`${prefix}${json}}`, sent),
        sent,
      ),
    );
  };
}

/**
 * Calls `use` with the entry's JSON: at once when it is there, else once its
 * result is. One promise per shared result, not one per subscriber: a
 * thousand subscribers of an event are then written to in one loop.
 */
function withJson(entry: SharedResult, serialise: (result: ExecutionResult) => string, use: (json: string) => void, failed: () => void): void {
  if (entry.json !== undefined) return use(entry.json);
  if (entry.waiting) {
    entry.waiting.push({ use, failed });
    return;
  }
  if (!isPromise(entry.result)) {
    entry.json = serialise(entry.result);
    return use(entry.json);
  }
  const waiting = [{ use, failed }];
  entry.waiting = waiting;
  entry.result.then(
    (result) => {
      const json = serialise(result);
      entry.json = json;
      entry.waiting = undefined;
      for (const waiter of waiting) waiter.use(json);
    },
    () => {
      entry.waiting = undefined;
      for (const waiter of waiting) waiter.failed();
    },
  );
}

/** True when every root field the operation selects is declared `SameResultForEverySubscriber` (fragments at the root: not shared). */
function isShared(args: ExecutionArgs): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  const root = args.schema.getSubscriptionType();
  if (!operation || !root) return false;
  const fields = root.getFields();
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && fields[selection.name.value]?.extensions.sameResultForEverySubscriber === true,
  );
}

function withFreshLoaders(context: unknown): unknown {
  return typeof context === 'object' && context !== null && 'loaders' in context ? { ...context, loaders: new RequestLoaders() } : context;
}

function channelOf(context: unknown): SubscriberChannel | undefined {
  return typeof context === 'object' && context !== null && 'subscriber' in context ? (context.subscriber as SubscriberChannel | undefined) : undefined;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function isPushable(value: AsyncIterable<unknown>): value is PushableSource<unknown> {
  return 'deliverTo' in value && typeof value.deliverTo === 'function' && 'return' in value;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/**
 * The iterator graphql-ws reads for a pushed subscription: its first `next()`
 * (graphql-ws has registered the subscription by then) starts the pushing,
 * and it yields nothing; it ends when the source does, and `return` releases
 * the source at once.
 */
function pushEvents(source: PushableSource<unknown>, deliver: (event: unknown, sent: () => void) => void): AsyncIterableIterator<ExecutionResult> {
  let started = false;
  const pushed: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      if (!started) {
        started = true;
        source.deliverTo(deliver);
      }
      await source.next();
      return { value: undefined, done: true };
    },
    async return() {
      await source.return();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      await source.return();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return pushed;
    },
  };
  return pushed;
}
/** Maps each event, and passes `return` straight to the source so a leaving subscriber releases it at once (as graphql-js's own mapping does). */
function mapEvents(source: AsyncIterable<unknown>, map: (event: unknown) => OperationResult): AsyncIterableIterator<ExecutionResult> {
  const iterator = source[Symbol.asyncIterator]();
  const done = (): IteratorResult<ExecutionResult> => ({ value: undefined, done: true });
  const mapped: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const step = await iterator.next();
      return step.done ? done() : { value: await map(step.value), done: false };
    },
    async return() {
      await iterator.return?.();
      return done();
    },
    async throw(error: unknown) {
      if (iterator.throw) await iterator.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return mapped;
    },
  };
  return mapped;
}
