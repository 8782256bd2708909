import { Router } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-unavailable';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';

const READY_CHECK_TIMEOUT_MS = 2000;

/** Liveness, readiness (database reachable and migrated) and Prometheus metrics, per contract §1. */
export function healthRoutes(orm: Orm, metrics: Metrics): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
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
  });
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  return router;
}
