import { EVENT_DEFINITIONS, type EventType } from './event-types';

/** Dummy `data` for test events of a real type (spec: "the data then holds dummy values"): the catalogue's example, marked as a test. */
export function sampleEventData(type: EventType, webhookId: string): Record<string, unknown> {
  return { ...EVENT_DEFINITIONS[type].example, test: true, ...(type === 'webhook.test' ? { webhook_id: webhookId } : {}) };
}
