import { Router } from 'express';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';

/** Liveness, readiness (database reachable and migrated) and Prometheus metrics, per contract §1. */
export function healthRoutes(orm: Orm, metrics: Metrics): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const pending = await orm
      .getMigrator()
      .getPendingMigrations()
      .then(
        (migrations) => migrations.length,
        () => undefined,
      );
    const ready = pending === 0;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database: pending !== undefined, migrated: ready });
  });
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  return router;
}
