import { createSourceEventStream, execute, getOperationAST, Kind, print, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
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

type OperationResult = ReturnType<typeof execute>;

/** graphql-ws's `subscribe`: graphql-js's, with results shared where the fields allow it. */
export function subscribeSharingResults(): (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const results = new WeakMap<object, Map<string, OperationResult>>();
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
    return mapEvents(source, (event) => {
      if (typeof event !== 'object' || event === null) return run(event);
      let byKey = results.get(event);
      if (!byKey) {
        byKey = new Map();
        results.set(event, byKey);
      }
      let result = byKey.get(key);
      if (!result) {
        result = run(event);
        byKey.set(key, result);
      }
      return result;
    });
  };
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

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
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
