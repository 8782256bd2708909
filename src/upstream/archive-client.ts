import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';
import type { Logger } from '../observability/logger';

/**
 * Downloads from the exchange's public data archive (contract §21,
 * `UPSTREAM_ARCHIVE_URL`): a file and the `<file>.CHECKSUM` beside it,
 * verified before anyone reads it. The archive is a static file host with
 * no request weight, so nothing here touches the upstream client's weight
 * budget; what bounds it is this process's download slots.
 *
 * An archive that cannot be reached (name not resolved, connection refused,
 * no answer within the timeout) counts as holding nothing and is not asked
 * again for `UNREACHABLE_PAUSE_MS`: a job falls back to the REST API at once
 * instead of waiting out a timeout per file.
 */

export type ArchiveDownload =
  /** The file, its sha256 equal to its CHECKSUM's. */
  | { kind: 'found'; body: Buffer }
  /** The archive does not hold it (404), or cannot be reached. */
  | { kind: 'absent' }
  /** Held but not usable: a checksum that differs or cannot be read, an error answer, a body cut short. */
  | { kind: 'rejected'; reason: string };

export interface ArchiveClientOptions {
  baseUrl: string;
  timeoutMs: number;
  logger?: Logger;
  now?: () => number;
}

/** Contract §21: at most this many downloads at once per process. */
export const ARCHIVE_DOWNLOADS = 4;
/** Contract §21: how long an unreachable archive counts as holding nothing. */
export const UNREACHABLE_PAUSE_MS = 10 * 60_000;

/** Errors that mean the host is not there, as opposed to one answer going wrong. */
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** `<64 hex digits>  <file name>`, as the archive writes it. */
const CHECKSUM_LINE = /^([0-9a-f]{64})\s+(\S+)\s*$/i;

class NotReachable extends Error {}
/** One answer went wrong (a cut connection, a body timeout): that file is not used, the archive still is. */
class BrokenAnswer extends Error {}

export class ArchiveClient {
  private readonly agent: Agent;
  private readonly now: () => number;
  private unreachableUntil = -Infinity;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ArchiveClientOptions) {
    this.now = options.now ?? Date.now;
    // No answer within the timeout (headers, or silence mid-body) counts as not reachable / a broken file.
    this.agent = new Agent({
      connections: ARCHIVE_DOWNLOADS,
      connectTimeout: options.timeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /** `path` below the base URL, e.g. `/data/futures/um/monthly/klines/BTCUSDT/1m/BTCUSDT-1m-2024-01.zip`. */
  async download(path: string): Promise<ArchiveDownload> {
    if (this.now() < this.unreachableUntil) return { kind: 'absent' };
    await this.slot();
    try {
      // Checked again: the archive may have been found unreachable while this download waited for its slot.
      if (this.now() < this.unreachableUntil) return { kind: 'absent' };
      return await this.fetchVerified(path);
    } catch (error) {
      if (error instanceof BrokenAnswer) return { kind: 'rejected', reason: error.message };
      if (!(error instanceof NotReachable)) throw error;
      // Downloads under way at that moment fail together: one warning for them all.
      const known = this.now() < this.unreachableUntil;
      this.unreachableUntil = this.now() + UNREACHABLE_PAUSE_MS;
      if (!known) {
        this.options.logger?.warn(
          { archive: this.options.baseUrl, reason: error.message },
          'the history archive cannot be reached: it counts as empty for 10 minutes and history comes from the REST API',
        );
      }
      return { kind: 'absent' };
    } finally {
      this.release();
    }
  }

  close(): Promise<void> {
    return this.agent.destroy();
  }

  private async fetchVerified(path: string): Promise<ArchiveDownload> {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const checksum = await this.get(`${path}.CHECKSUM`);
    if (checksum.status === 404) return { kind: 'absent' };
    if (checksum.status !== 200) return { kind: 'rejected', reason: `CHECKSUM answered ${checksum.status}` };
    const line = CHECKSUM_LINE.exec(checksum.body.toString('utf8').trim());
    if (!line || line[2] !== name) return { kind: 'rejected', reason: 'CHECKSUM cannot be read' };
    const file = await this.get(path);
    if (file.status === 404) return { kind: 'absent' };
    if (file.status !== 200) return { kind: 'rejected', reason: `answered ${file.status}` };
    const sha256 = createHash('sha256').update(file.body).digest('hex');
    if (sha256 !== line[1]?.toLowerCase()) return { kind: 'rejected', reason: 'sha256 differs from CHECKSUM' };
    return { kind: 'found', body: file.body };
  }

  private async get(path: string): Promise<{ status: number; body: Buffer }> {
    try {
      const answer = await request(`${this.options.baseUrl}${path}`, { method: 'GET', dispatcher: this.agent });
      return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
    } catch (error) {
      const code = errorCode(error) ?? 'no code';
      if (UNREACHABLE_CODES.has(code)) throw new NotReachable(code);
      throw new BrokenAnswer(`download failed (${code})`);
    }
  }

  private async slot(): Promise<void> {
    if (this.running < ARCHIVE_DOWNLOADS) {
      this.running++;
      return;
    }
    // The releasing download hands its slot over: `running` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** The error's `code`, or its cause's. Not `instanceof Error`: Node's socket errors may come from another realm (a test's VM context). */
function errorCode(error: unknown): string | undefined {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    typeof current === 'object' && current !== null;
    current = current.cause as typeof current
  ) {
    if (typeof current.code === 'string') return current.code;
  }
  return undefined;
}
