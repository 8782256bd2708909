import { useState } from 'preact/hooks';
import type { Credentials } from '../../api/credentials';
import { errorMessage } from '../../api/graphql-client';
import { signedHeaders } from '../../api/signing';
import { ErrorMessage } from '../messages';

/**
 * Fetches a signed REST path and saves the answer's bytes as `name`: a plain
 * link cannot carry the signature headers (contract §6), so the file goes
 * through a Blob URL.
 */
async function saveSigned(credentials: Extract<Credentials, { kind: 'key' }>, path: string, name: string): Promise<void> {
  const response = await fetch(path, { headers: await signedHeaders(credentials, 'GET', path) });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new Error(`${answer.error?.code ?? response.status}: ${answer.error?.message ?? response.statusText}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser reads the URL after this task; revoking it at once could cut the file off.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const FILES = ['trades', 'equity'] as const;

/** `GET /v1/backtest/jobs/{id}/trades.csv` and `equity.csv` (contract §18) as downloads; these paths take a signed key, not an app token. */
export function CsvDownloads({ jobId, credentials }: { jobId: string; credentials: Credentials }) {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  if (credentials.kind !== 'key')
    return (
      <p class="message" data-testid="csv-needs-key">
        The CSV files are signed API paths: sign in with an API key to download them.
      </p>
    );
  const key = credentials;
  async function download(file: (typeof FILES)[number]) {
    setBusy(file);
    setError(undefined);
    try {
      await saveSigned(key, `/v1/backtest/jobs/${encodeURIComponent(jobId)}/${file}.csv`, `${jobId}-${file}.csv`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <div class="downloads" role="group" aria-label="Downloads from the API">
      {FILES.map((file) => (
        <button type="button" key={file} disabled={busy !== undefined} onClick={() => void download(file)}>
          {busy === file ? `Downloading ${file}.csv…` : `Download ${file}.csv`}
        </button>
      ))}
      <ErrorMessage>{error}</ErrorMessage>
    </div>
  );
}
