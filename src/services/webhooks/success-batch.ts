import type { AttemptOutcome, DeliveryOutcomesStore } from './delivery-outcomes.store';
import type { ClaimedDelivery } from './delivery-queue.store';

interface Waiting {
  success: { delivery: ClaimedDelivery; attempt: AttemptOutcome };
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Records successful attempts in batches: the first is written on the next
 * turn of the event loop with those that finished in the same turn, and
 * those that finish while a write is under way go together in the next one,
 * so under load one statement records many deliveries and at rest nothing
 * waits. Each caller's promise settles when its own success is committed.
 * A process killed with a batch unwritten leaves those deliveries `sending`
 * under its lapsed liveness lock: they are sent again (same `webhook-id`),
 * never lost.
 */
export class SuccessBatch {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly store: Pick<DeliveryOutcomesStore, 'recordSuccesses'>) {}

  record(delivery: ClaimedDelivery, attempt: AttemptOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ success: { delivery, attempt }, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      // One turn of the event loop, no timer: answers read in the same I/O phase go in one statement, not one alone and the rest after it.
      setImmediate(() => void this.write());
    });
  }

  private async write(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        await this.store.recordSuccesses(batch.map((entry) => entry.success));
        batch.forEach((entry) => entry.resolve());
      } catch (error) {
        batch.forEach((entry) => entry.reject(error));
      }
    }
    this.writing = false;
  }
}
