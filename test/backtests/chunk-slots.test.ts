import { ChunkSlots } from '../../src/services/backtests/chunk-slots';
import { packColumns } from '../../src/services/backtests/history-chunks.store';

const column = (...values: number[]) => Float64Array.from(values);

describe('ChunkSlots (a series filled chunk by chunk, in any order)', () => {
  it('puts fetched and stored chunks in time order whatever order they arrive in, gaps closed', () => {
    const slots = new ChunkSlots([0, 10, 20, 30], 3, 2, false);
    slots.place(20, [column(20, 21, 22), column(2.0, 2.1, 2.2)]);
    slots.placeStored({ chunkStart: 0, rowCount: 2, data: packColumns([column(0, 1), column(0.0, 0.1)]) });
    slots.place(30, [column(30), column(3.0)]);
    expect(slots.filled(10)).toBe(false);
    slots.place(10, [column(), column()]);
    expect(slots.filled(10)).toBe(true);
    const [times, values] = slots.columns();
    expect(Array.from(times ?? [])).toEqual([0, 1, 20, 21, 22, 30]);
    expect(Array.from(values ?? [])).toEqual([0.0, 0.1, 2.0, 2.1, 2.2, 3.0]);
  });

  it('shares its columns between threads when asked', () => {
    const [times] = new ChunkSlots([0], 2, 1, true).columns();
    expect(times?.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('refuses a chunk larger than its slot or outside the series', () => {
    const slots = new ChunkSlots([0], 2, 1, false);
    expect(() => slots.place(0, [column(0, 1, 2)])).toThrow('holds 3 rows where at most 2 fit');
    expect(() => slots.place(5, [column(5)])).toThrow('no slot for the chunk at 5');
  });
});
