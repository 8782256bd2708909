import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { ExchangeAnswer, ExchangeTradingClient, SignedMethod } from '../../upstream/exchange-trading-client';

/** The body-credential endpoints (spec "Authentication", pattern 3) and the exchange call each one signs. */
export const BODY_CREDENTIAL_ACTIONS = {
  placeOrder: { method: 'POST', path: '/fapi/v1/order', fixed: {} },
  cancelOrder: { method: 'DELETE', path: '/fapi/v1/order', fixed: {} },
  closePosition: { method: 'POST', path: '/fapi/v1/order', fixed: { type: 'MARKET', reduceOnly: 'true' } },
  setLeverage: { method: 'POST', path: '/fapi/v1/leverage', fixed: {} },
  setMarginType: { method: 'POST', path: '/fapi/v1/marginType', fixed: {} },
} as const satisfies Record<string, { method: SignedMethod; path: string; fixed: Record<string, string> }>;

export type BodyCredentialAction = keyof typeof BODY_CREDENTIAL_ACTIONS;

/** Credentials plus the exchange's own fields, which must be scalars (they become query parameters of the signed call). */
export const bodySchema = z.object({ api_key: z.string().min(1), api_secret: z.string().min(1) }).catchall(z.union([z.string(), z.number(), z.boolean()]));

/**
 * Signs the matching exchange request with the credentials from the body and
 * answers with the exchange's status and body (502 when it fails or is unreachable). The credentials are used for
 * this one call: never stored, never logged (request logs carry no bodies).
 */
export class BodyCredentialTradingService {
  constructor(private readonly exchange: ExchangeTradingClient) {}

  async forward(action: BodyCredentialAction, input: unknown): Promise<ExchangeAnswer> {
    const { api_key: apiKey, api_secret: apiSecret, ...fields } = parseOrReject(bodySchema, input ?? {});
    const { method, path, fixed } = BODY_CREDENTIAL_ACTIONS[action];
    const answer = await this.exchange.send({ apiKey, apiSecret }, method, path, { ...fields, ...fixed }).catch(() => null);
    // As on every upstream call (README "The upstream client"): the exchange's refusals (4xx) are the caller's answer; failures are 502.
    if (!answer || answer.status >= 500 || answer.status === 429 || answer.status === 418) throw new AppError('UPSTREAM_FAILED', 'upstream request failed');
    return answer;
  }
}
