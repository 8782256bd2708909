import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which client a request to the exchange is made for, so the upstream guard
 * can keep any one client to its share of the process's weight budget
 * (issue 10). The HTTP edges run each request inside `asUpstreamCaller`;
 * work the service does on its own (backtest history, strategy polls, the
 * shared market streams' polling) runs outside any and is limited only by
 * the whole budget.
 *
 * A caller may also ask which cached upstream answers its result was made
 * from (`consulted`): a result built only from answers that are still the
 * cache's current ones is still the right result (see remembered-answers.ts).
 */

/** An upstream answer a result was built from, and whether it is still the one the cache would serve. */
export interface ConsultedAnswer {
  isCurrent(): boolean;
}

interface UpstreamCall {
  client: string | undefined;
  consulted?: ConsultedAnswer[];
}

const calls = new AsyncLocalStorage<UpstreamCall>();

export function asUpstreamCaller<T>(address: string | undefined, work: () => T, consulted?: ConsultedAnswer[]): T {
  return address === undefined && consulted === undefined ? work() : calls.run({ client: address, consulted }, work);
}

export function currentUpstreamCaller(): string | undefined {
  return calls.getStore()?.client;
}

/** Tells the current caller, if it asked, that its result uses this answer. */
export function noteConsulted(answer: ConsultedAnswer): void {
  calls.getStore()?.consulted?.push(answer);
}
