import type { SecretBox } from '../../crypto/secret-box';
import type { Logger } from '../../observability/logger';
import type { DeliveryOutcomesStore } from './delivery-outcomes.store';
import type { ClaimedDelivery } from './delivery-queue.store';
import { nextAttemptDelaySeconds, parseRetryAfter } from './retry-schedule';
import { describeDeliveryError, type SafeHttpsClient } from './safe-https';
import { signedHeaders, signingKey } from './signing';
import { SuccessBatch } from './success-batch';

export interface AttemptResult {
  delivered: boolean;
  responseStatus: number | null;
  responseTimeMs: number | null;
  error: string | null;
}

/** How much of each answer the attempt log keeps (contract §16). */
export const ATTEMPT_BODY_CHARACTERS = 1024;

/** Opened signing keys kept at most; past it the cache starts afresh (a process rarely sends to this many webhooks). */
const MAX_CACHED_KEYS = 10_000;

export interface DelivererSettings {
  retryScheduleSeconds: readonly number[];
  probeIntervalSeconds: number;
}

/**
 * Makes one attempt of a claimed delivery: signs the stored body afresh
 * (timestamp of this attempt, same `webhook-id`), sends it through the safe
 * client and records the outcome, which moves the webhook's state machine.
 * Shared by the dispatcher and the test endpoint, so both behave the same.
 */
export class Deliverer {
  private readonly successes: SuccessBatch;
  /** Signing keys by sealed secret: opening (AES-GCM) and decoding once per secret, not once per attempt. */
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly store: DeliveryOutcomesStore,
    private readonly client: SafeHttpsClient,
    private readonly secrets: SecretBox,
    private readonly settings: DelivererSettings,
    private readonly logger: Logger,
  ) {
    this.successes = new SuccessBatch(store);
  }

  async attempt(delivery: ClaimedDelivery): Promise<AttemptResult> {
    const keys = [delivery.secret_sealed, delivery.previous_secret_sealed]
      .filter((sealed): sealed is string => sealed !== null)
      .map((sealed) => this.signingKey(sealed, delivery.webhook_id));

    let result: AttemptResult;
    let retryAfter: number | undefined;
    let responseBody: string | null = null;
    try {
      const response = await this.client.post({ url: delivery.url, headers: signedHeaders(keys, delivery.event_id, delivery.body), body: delivery.body });
      responseBody = response.body.slice(0, ATTEMPT_BODY_CHARACTERS);
      const delivered = response.status >= 200 && response.status < 300;
      result = {
        delivered,
        responseStatus: response.status,
        responseTimeMs: response.timeMs,
        error: delivered ? null : `receiver answered ${response.status}`,
      };
      if (response.status === 429 || response.status === 503) retryAfter = parseRetryAfter(response.headers['retry-after']);
    } catch (error) {
      result = { delivered: false, responseStatus: null, responseTimeMs: null, error: describeDeliveryError(error) };
    }

    if (result.delivered) {
      await this.successes.record(delivery, { responseStatus: result.responseStatus, timeMs: result.responseTimeMs, error: null, responseBody });
    } else {
      const delay = nextAttemptDelaySeconds(delivery.attempts, this.settings.retryScheduleSeconds, retryAfter);
      const outcome = await this.store.recordFailure(
        delivery,
        { responseStatus: result.responseStatus, timeMs: result.responseTimeMs, error: result.error as string, responseBody },
        delay,
        this.settings.probeIntervalSeconds,
      );
      this.logger.info(
        { webhookId: delivery.webhook_id, deliveryId: delivery.id, attempt: delivery.attempts, error: result.error, webhookStatus: outcome?.status },
        'webhook delivery failed',
      );
    }
    return result;
  }

  private signingKey(sealed: string, webhookId: string): Buffer {
    // A sealed value opens only under its own webhook's id, so the pair is the key.
    const cacheKey = `${webhookId}.${sealed}`;
    let key = this.keys.get(cacheKey);
    if (!key) {
      if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
      key = signingKey(this.secrets.open(sealed, webhookId));
      this.keys.set(cacheKey, key);
    }
    return key;
  }
}
