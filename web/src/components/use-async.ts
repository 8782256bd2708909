import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../api/graphql-client';

export interface AsyncState<T> {
  data?: T;
  error?: string;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever `deps` change or `reload` is called; an answer that arrives after a newer call started is dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error: errorMessage(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, generation]);
  return { ...state, reload };
}
