import DataLoader from 'dataloader';

/**
 * The DataLoaders of one GraphQL operation (or one REST call), created on
 * first use: nested fields (a strategy's positions, a delivery's webhook)
 * ask their loader, and every request for the same loader within a tick
 * becomes one batched query. Per operation, never shared, so one caller's
 * cached rows never reach another.
 */
export class RequestLoaders {
  private readonly loaders = new Map<string, DataLoader<unknown, unknown>>();

  /** The loader named `name`, made from `batch` the first time; `batch` answers one value (or Error) per key, in key order. */
  for<K, V>(name: string, batch: (keys: readonly K[]) => Promise<(V | Error)[]>): DataLoader<K, V> {
    let loader = this.loaders.get(name) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V>(batch);
      this.loaders.set(name, loader);
    }
    return loader;
  }
}
