import { LatestValues } from '../../src/services/market-data/latest-values';

describe('LatestValues: one subscriber of a live feed', () => {
  it('pushed to a consumer: one value at a time, the waiting ones first, and only the newest 16 while the socket is busy', () => {
    const left = jest.fn();
    const values = new LatestValues<number>(left);
    values.push(1);
    const delivered: number[] = [];
    const pendingSends: (() => void)[] = [];
    values.deliverTo((value, sent) => {
      delivered.push(value);
      pendingSends.push(sent);
    });
    expect(delivered).toEqual([1]);
    for (let value = 2; value <= 30; value += 1) values.push(value);
    expect(delivered).toEqual([1]);
    while (pendingSends.length > 0) pendingSends.shift()!();
    expect(delivered).toEqual([1, ...Array.from({ length: 16 }, (_, index) => 15 + index)]);
    expect(left).not.toHaveBeenCalled();
  });

  it('pushed to a consumer, next() reports only the end, and return() releases the feed once', async () => {
    const left = jest.fn();
    const values = new LatestValues<number>(left);
    values.deliverTo((_value, sent) => sent());
    const end = values.next();
    values.push(1);
    await values.return();
    await values.return();
    await expect(end).resolves.toEqual({ value: undefined, done: true });
    expect(left).toHaveBeenCalledTimes(1);
  });

  it('iterated: values in order, kept while nobody reads', async () => {
    const values = new LatestValues<number>(() => undefined);
    values.push(1);
    values.push(2);
    await expect(values.next()).resolves.toEqual({ value: 1, done: false });
    await expect(values.next()).resolves.toEqual({ value: 2, done: false });
    const third = values.next();
    values.push(3);
    await expect(third).resolves.toEqual({ value: 3, done: false });
  });
});
