import { randomBytes } from 'node:crypto';

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/** Synthetic test events: `evt_test_` + 12 hex (the spec allows 10 to 12). */
export function newTestEventId(): string {
  return `evt_test_${randomBytes(6).toString('hex')}`;
}
