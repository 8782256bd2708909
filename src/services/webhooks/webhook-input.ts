import { z } from 'zod';
import { decimalInput } from '../decimal-input';
import { isKnownEventType, isSubscribable } from '../../events/event-types';

/** The request shapes of the webhook API (spec "Webhooks", contract §10), shared by both edges through the service. */
const url = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value), 'must be an absolute URL')
  .refine((value) => !URL.canParse(value) || new URL(value).protocol === 'https:', 'must begin with https://')
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), 'must not carry credentials');
const events = z
  .array(z.string().refine(isSubscribable, 'unknown event type'))
  .min(1, 'must not be empty')
  .transform((list) => [...new Set(list)]);
const description = z.string().max(200).nullish();
const positiveDecimal = decimalInput('must be a positive decimal string', { positive: true });

export const createSchema = z
  .object({ url, events, description, balance_low_threshold: positiveDecimal.nullish() })
  .refine((body) => !body.events.includes('account.balance_low') || body.balance_low_threshold, {
    path: ['balance_low_threshold'],
    message: 'is required when events include account.balance_low',
  });

export const updateSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description,
  status: z.enum(['active', 'paused']).optional(),
  balance_low_threshold: positiveDecimal.nullish(),
});

export const listSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

export const deliveryListSchema = listSchema.extend({
  status: z.enum(['pending', 'delivered', 'failed', 'held']).optional(),
  event_type: z.string().refine(isKnownEventType, 'unknown event type').optional(),
});

/** How far back `recover` reaches (contract §16). */
export const RECOVER_MAX_DAYS = 14;

export const recoverSchema = z.object({
  since: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .refine((since) => since.getTime() >= Date.now() - RECOVER_MAX_DAYS * 86_400_000, `must be at most ${RECOVER_MAX_DAYS} days back`),
});

export const testSchema = z.object({
  event_type: z.string().refine(isKnownEventType, 'unknown event type').default('webhook.test'),
});
