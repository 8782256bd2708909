import { Router } from 'express';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-unavailable';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import type { ServiceRoute } from '../operations/rest-table';

const READY_CHECK_TIMEOUT_MS = 2000;

interface HealthNeeds {
  orm: Orm;
  metrics: Metrics;
}

const readiness = z.object({ status: z.enum(['ready', 'unavailable']), database: z.boolean(), migrated: z.boolean() });

/**
 * Liveness, readiness (database reachable and migrated) and Prometheus
 * metrics, per contract §1: no operation behind them, no rate limit, no
 * credentials. Entries of their own kind, so the reference lists them too.
 */
export const HEALTH_ROUTES: ServiceRoute<HealthNeeds>[] = [
  {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    tag: 'Service health',
    answers: { '200': { description: 'Alive', json: z.object({ status: z.literal('ok') }) } },
    handler: () => (_req, res) => {
      res.json({ status: 'ok' });
    },
  },
  {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database is reachable and migrated',
    tag: 'Service health',
    answers: {
      '200': { description: 'Ready', json: readiness },
      '503': { description: 'Not ready (see Retry-After): the database is down, frozen or not migrated', json: readiness },
    },
    handler:
      ({ orm }) =>
      async (_req, res) => {
        let timer: NodeJS.Timeout | undefined;
        const pending = await Promise.race([
          orm
            .getMigrator()
            .getPendingMigrations()
            .then(
              (migrations) => migrations.length,
              () => undefined,
            ),
          // A frozen database must not hold the probe: the orchestrator asking needs an answer now.
          new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READY_CHECK_TIMEOUT_MS))),
        ]);
        clearTimeout(timer);
        const ready = pending === 0;
        if (!ready) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database: pending !== undefined, migrated: ready });
      },
  },
  {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics',
    tag: 'Service health',
    answers: { '200': { description: 'The metrics in the Prometheus text format', text: 'text/plain' } },
    handler:
      ({ metrics }) =>
      async (_req, res) => {
        res.setHeader('Content-Type', metrics.registry.contentType);
        res.send(await metrics.registry.metrics());
      },
  },
];

export function healthRoutes(orm: Orm, metrics: Metrics): Router {
  const router = Router();
  for (const route of HEALTH_ROUTES) router.get(route.path, route.handler({ orm, metrics }));
  return router;
}
