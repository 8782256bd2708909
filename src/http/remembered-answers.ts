import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { requestCompletedWriter, type Logger, type RequestCompleted } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { asUpstreamCaller, type ConsultedAnswer } from '../upstream/upstream-caller';
import { logPathOf, requestIdFor } from './request-logging';

/**
 * Cache hits answered before express (issue 16). A market-data answer is a
 * function of its URL and of the upstream answers it was built from, so once
 * a route has answered a URL with 200, the same bytes are the right answer
 * for as long as every one of those upstream answers is still the cache's
 * current one. Such answers are kept here with their headers, and a repeated
 * request is written straight to the socket: no router, no body parser, no
 * per-request logger child, no JSON serialisation.
 *
 * What the express path does for a request is still done here: the per-IP
 * limit (from the points this process already leased; when a lease must be
 * refilled the request goes the express way, which waits for PostgreSQL),
 * the request id, one request log line of the same shape at `info`, and the
 * request-duration histogram. Anything else (another method, a browser's
 * cross-origin request, a URL not seen, an upstream answer that changed)
 * goes the express way, which remembers the new answer.
 */

const MAX_ANSWERS = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface RememberedAnswer {
  /** The raw header list for `writeHead`, request id and date excepted. */
  headers: string[];
  body: Buffer;
  consulted: ConsultedAnswer[];
  /** The metric children of this route, bound once. */
  duration: { observe(seconds: number): void };
  served: { inc(): void };
}

export interface RememberedAnswersOptions {
  logger: Logger;
  metrics: Metrics;
  /** The client address express would see as `req.ip` (the `trust proxy` setting applied). */
  clientAddress: (req: IncomingMessage) => string | undefined;
  /** Spends one point of the per-IP limit without waiting, or says the express path must take it. */
  admitLeased: (address: string) => boolean;
  /** Cross-origin requests need CORS headers computed per origin: they take the express path. */
  corsEnabled: boolean;
}

export class RememberedAnswers {
  private readonly answers = new LRUCache<string, RememberedAnswer>({
    max: MAX_ANSWERS,
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 1,
  });

  /** The request log line, written without pino's per-call work (see `requestCompletedWriter`). */
  private readonly logRequest: (line: RequestCompleted) => void;

  constructor(private readonly options: RememberedAnswersOptions) {
    this.logRequest = requestCompletedWriter(options.logger);
  }

  /**
   * Answers `req` from a remembered answer and returns true, or returns false
   * without touching `res` so that the caller hands the request to express.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || req.url === undefined) return false;
    if (this.options.corsEnabled && req.headers.origin !== undefined) return false;
    const answer = this.answers.get(req.url);
    if (answer === undefined) return false;
    for (const consulted of answer.consulted) {
      if (!consulted.isCurrent()) {
        this.answers.delete(req.url);
        return false;
      }
    }
    const address = this.options.clientAddress(req);
    if (address === undefined || !this.options.admitLeased(address)) return false;

    const started = process.hrtime.bigint();
    const id = requestIdFor(req.headers['x-request-id']);
    res.writeHead(200, [...answer.headers, 'X-Request-Id', id]);
    res.end(answer.body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    answer.duration.observe(seconds);
    answer.served.inc();
    this.logRequest({
      id,
      method: 'GET',
      path: logPathOf(req.url),
      remoteAddress: req.socket.remoteAddress,
      statusCode: 200,
      responseTime: Math.round(seconds * 1000),
    });
    return true;
  }

  /**
   * Express middleware for a route whose 200 answer depends only on its URL
   * and on cached upstream answers: records which upstream answers the
   * route's result used and remembers the bytes it sent.
   */
  remember(): RequestHandler {
    return (req, res, next) => {
      // A cross-origin request's CORS headers depend on its origin: only answers to requests without one are remembered.
      if (req.method !== 'GET' || req.headers.origin !== undefined) return next();
      const consulted: ConsultedAnswer[] = [];
      const url = req.originalUrl;
      const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding) => ServerResponse;
      let streamed = false;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      res.write = ((...args: unknown[]) => {
        streamed = true;
        return write(...args);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, encoding?: unknown) => {
        const route = (req.route as { path?: unknown } | undefined)?.path;
        if (!streamed && res.statusCode === 200 && consulted.length > 0 && typeof route === 'string' && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
          const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
          this.answers.set(url, {
            headers: [...replayedHeaders(res), 'X-Cache', 'hit', 'Content-Length', String(body.length)],
            body,
            consulted,
            duration: this.options.metrics.httpRequestDuration.labels('GET', route, '200'),
            served: this.options.metrics.rememberedAnswers.labels(route),
          });
        }
        return typeof encoding === 'string' ? end(chunk, encoding as BufferEncoding) : end(chunk);
      }) as typeof res.end;
      asUpstreamCaller(req.ip, next, consulted);
    };
  }
}

/** Per-request headers are made afresh for each answer; the rest (content type, CORS `Vary`, ...) are replayed as the route set them. */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'content-length', 'x-cache', 'connection', 'keep-alive']);

function replayedHeaders(res: ServerResponse): string[] {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (PER_REQUEST_HEADERS.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.push(name, one);
  }
  return headers;
}
