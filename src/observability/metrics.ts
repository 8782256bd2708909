import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per service instance, so tests that start several instances in one process keep separate figures. */
export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  upstreamRequests: Counter<'endpoint' | 'outcome'>;
  /** Requests answered before express from a remembered cache hit (http/remembered-answers.ts), by route. */
  rememberedAnswers: Counter<'route'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    upstreamRequests: new Counter({
      name: 'upstream_requests_total',
      help: 'Requests sent to the upstream exchange by endpoint and outcome',
      labelNames: ['endpoint', 'outcome'],
      registers: [registry],
    }),
    rememberedAnswers: new Counter({
      name: 'http_remembered_answers_total',
      help: 'Requests answered from a remembered cache hit before the express router, by route template',
      labelNames: ['route'],
      registers: [registry],
    }),
  };
}
