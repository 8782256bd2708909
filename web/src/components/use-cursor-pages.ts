import { useState } from 'preact/hooks';
import { errorMessage } from '../api/graphql-client';
import { useAsync } from './use-async';

export interface CursorPage<Row> {
  data: Row[];
  nextCursor?: string | null;
}

export interface CursorPages<Row> {
  rows: Row[];
  error?: string;
  loading: boolean;
  /** True while older rows remain. */
  hasMore: boolean;
  more: () => Promise<void>;
  reload: () => void;
}

/** A cursor-paginated list (`{data, nextCursor}`): its first page whenever `deps` change, then one more page per `more()`. */
export function useCursorPages<Row>(load: (cursor: string | null | undefined) => Promise<CursorPage<Row>>, deps: unknown[]): CursorPages<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [cursor, setCursor] = useState<string | null>();
  const [error, setError] = useState<string>();
  const first = useAsync(async () => {
    const page = await load(undefined).catch((failure: unknown) => {
      setRows([]);
      setCursor(null);
      throw failure;
    });
    setRows(page.data);
    setCursor(page.nextCursor);
    setError(undefined);
    return page;
  }, deps);
  async function more() {
    try {
      const page = await load(cursor);
      setRows((previous) => [...previous, ...page.data]);
      setCursor(page.nextCursor);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  return { rows, error: first.error ?? error, loading: first.loading, hasMore: Boolean(cursor), more, reload: first.reload };
}
