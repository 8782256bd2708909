import type { SeriesPlanner, SeriesStore } from '../indicators/indicator-feed';
import type { BacktestInput } from '../types';

/**
 * The most bytes of indicator series a process holds at once. A series is 8
 * bytes a bar (4.2 MB for a year of 1m bars), so 96 MiB is 23 of those: the
 * benchmark sweep's working set is 25 slow lengths cycled through by each
 * fast length, plus the fast lengths in use (docs/backtests.md "Shared
 * indicators" gives the measured peaks this was chosen by).
 */
export const DEFAULT_SERIES_CACHE_BYTES = 96 * 1024 * 1024;

/** A block of shared memory that holds one series at a time. */
interface Slot {
  readonly buffer: SharedArrayBuffer;
  /** `<input id>:<series key>` of the series it holds or is being computed into; undefined while empty. */
  entry?: string;
  inputId?: number;
  /** Whether the series is computed (else a running task is computing it). */
  ready: boolean;
  /** Running tasks reading it or computing into it: a held slot is never given to another series. */
  holds: number;
  /** When a task last read or computed it (0 while empty), for least-recently-used reuse. */
  lastUse: number;
}

/** What one task of a sweep reads and computes: its `ready` and `reserved` go to the task, and the lease goes back to `settle`. */
export interface SeriesLease {
  /** Series the task reads, by key. */
  readonly ready: Map<string, Float64Array>;
  /** Memory reserved for the series the task computes and the cache keeps, by key. */
  readonly reserved: Map<string, Float64Array>;
  readonly read: Slot[];
  readonly computing: Map<string, Slot>;
}

/**
 * The indicator series of the sweeps a process runs, shared by every engine
 * thread: the series sit on SharedArrayBuffers, so a task carries handles and
 * nothing is copied.
 *
 * The bound is on memory, not on what is reachable: the series live in slots
 * (SharedArrayBuffers) whose total size never exceeds `maxBytes`, and a slot
 * is never freed, only overwritten in place by another series once no
 * running task holds it. The garbage collector never has to reclaim a
 * series, which matters because shared memory does not count towards V8's
 * heap limits: dropped SharedArrayBuffers may stay allocated long after
 * their last use, and a cache that dropped and recomputed series grew past
 * 3 GB that way. Each task is planned before it runs (`lease`): a series a
 * slot holds is read from it; a missing one gets a slot (a new one while the
 * total stays within the bound, else the least recently used slot no running
 * task holds) and the task computes it there; when no slot is free, or
 * another task is still computing it, the task computes that indicator as a
 * job does, bar by bar in its ring buffers, and keeps nothing. A sweep whose
 * series do not fit therefore costs computation, never memory.
 */
export class SeriesCache {
  private readonly inputIds = new WeakMap<BacktestInput, number>();
  private nextInputId = 0;
  private readonly slots: Slot[] = [];
  private readonly byEntry = new Map<string, Slot>();
  private clock = 0;
  /** The bytes of every slot: at most `maxBytes`, ever. */
  bytes = 0;
  /** Series computed into slots: the computations a sweep needed. */
  computations = 0;

  constructor(readonly maxBytes: number) {}

  /** The id the input's series are kept under: one per input object, i.e. per sweep loaded in this process. */
  inputId(input: BacktestInput): number {
    let id = this.inputIds.get(input);
    if (id === undefined) {
      id = this.nextInputId++;
      this.inputIds.set(input, id);
    }
    return id;
  }

  /** The keys of the input's computed series, for tests. */
  keysOf(input: BacktestInput): string[] {
    const inputId = this.inputIds.get(input);
    return this.slots.filter((slot) => slot.ready && slot.inputId === inputId).map((slot) => slot.entry!.slice(`${inputId}:`.length));
  }

  /**
   * Plans a task: `plan` asks the planner for every series the task's runs
   * would ask their store for (`planSeries`). The slots the lease reads or
   * computes into are held until `settle`.
   */
  lease(input: BacktestInput, plan: (planner: SeriesPlanner) => void): SeriesLease {
    const inputId = this.inputId(input);
    const lease: SeriesLease = { ready: new Map(), reserved: new Map(), read: [], computing: new Map() };
    const planner: SeriesPlanner = (key, length) => {
      if (lease.ready.has(key)) return true;
      if (lease.reserved.has(key)) return false;
      const entry = `${inputId}:${key}`;
      const known = this.byEntry.get(entry);
      if (known?.ready) {
        known.holds++;
        lease.read.push(known);
        lease.ready.set(key, new Float64Array(known.buffer, 0, length));
        return true;
      }
      if (known) return false;
      const slot = this.freeSlot(length * Float64Array.BYTES_PER_ELEMENT);
      if (!slot) return false;
      Object.assign(slot, { entry, inputId, ready: false, holds: 1 });
      this.byEntry.set(entry, slot);
      lease.computing.set(key, slot);
      lease.reserved.set(key, new Float64Array(slot.buffer, 0, length));
      return false;
    };
    try {
      plan(planner);
    } catch (error) {
      this.settle(lease, []);
      throw error;
    }
    return lease;
  }

  /**
   * After the task: the series in `computed` are ready for later tasks, and
   * every slot the lease held is released. A failed or aborted task's
   * reserved slots stay held until its input is forgotten: an aborted thread
   * is terminated asynchronously and may still be writing into them.
   */
  settle(lease: SeriesLease, computed: readonly string[] | undefined): void {
    const now = ++this.clock;
    for (const slot of lease.read) {
      slot.holds--;
      slot.lastUse = now;
    }
    if (!computed) return;
    for (const [key, slot] of lease.computing) {
      slot.holds--;
      if (computed.includes(key)) {
        slot.ready = true;
        slot.lastUse = now;
        this.computations++;
      } else this.empty(slot);
    }
  }

  /** Empties the input's slots: its sweep no longer runs in this process. The slots stay, for other series. */
  forget(input: BacktestInput): void {
    const inputId = this.inputIds.get(input);
    if (inputId === undefined) return;
    this.inputIds.delete(input);
    for (const slot of this.slots) {
      if (slot.inputId !== inputId) continue;
      slot.holds = 0;
      this.empty(slot);
    }
  }

  private empty(slot: Slot): void {
    if (slot.entry !== undefined) this.byEntry.delete(slot.entry);
    Object.assign(slot, { entry: undefined, inputId: undefined, ready: false, lastUse: 0 });
  }

  /** An unheld slot of at least `bytes`: an empty one, else a new one within the bound, else the least recently used; undefined when none. */
  private freeSlot(bytes: number): Slot | undefined {
    let oldest: Slot | undefined;
    for (const slot of this.slots) {
      if (slot.holds === 0 && slot.buffer.byteLength >= bytes && (!oldest || slot.lastUse < oldest.lastUse)) oldest = slot;
    }
    if (oldest && oldest.entry === undefined) return oldest;
    if (this.bytes + bytes <= this.maxBytes) {
      const slot: Slot = { buffer: new SharedArrayBuffer(bytes), ready: false, holds: 0, lastUse: 0 };
      this.slots.push(slot);
      this.bytes += bytes;
      return slot;
    }
    if (oldest) this.empty(oldest);
    return oldest;
  }
}

/** A task's view of its lease, in the engine thread: the series it reads, and the memory for those it computes. */
export class TaskSeries implements SeriesStore {
  readonly computed: string[] = [];

  constructor(
    private readonly ready: Map<string, Float64Array>,
    private readonly reserved: Map<string, Float64Array>,
  ) {}

  get(key: string): Float64Array | undefined {
    return this.ready.get(key);
  }

  reserve(key: string, length: number): Float64Array | undefined {
    const values = this.reserved.get(key);
    this.reserved.delete(key);
    return values?.length === length ? values : undefined;
  }

  add(key: string, values: Float64Array): void {
    this.ready.set(key, values);
    this.computed.push(key);
  }
}
