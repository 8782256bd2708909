import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which client a request to the exchange is made for, so the upstream guard
 * can keep any one client to its share of the process's weight budget
 * (issue 10). The HTTP edges run each request inside `asUpstreamCaller`;
 * work the service does on its own (backtest history, strategy polls, the
 * shared market streams' polling) runs outside any and is limited only by
 * the whole budget.
 */
const callers = new AsyncLocalStorage<string>();

export function asUpstreamCaller<T>(address: string | undefined, work: () => T): T {
  return address === undefined ? work() : callers.run(address, work);
}

export function currentUpstreamCaller(): string | undefined {
  return callers.getStore();
}
