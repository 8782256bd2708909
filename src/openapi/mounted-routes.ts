import type { Router } from 'express';
import { OPERATION_MOUNT, type OperationMount } from '../rest/operation-route';

/** One method + path an express router answers, with the operation its handler is mounted on (none for the rest). */
export interface MountedRoute {
  method: string;
  /** The express path, `:name` parameters included. */
  path: string;
  mount?: OperationMount;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Record<symbol, unknown> }[] };
  handle: { stack?: Layer[] };
}

/** Every route a router mounts, nested routers included, in mounting order: what the service really answers. */
export function mountedRoutes(router: Router): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const mount = layer.route.stack.map((entry) => entry.handle[OPERATION_MOUNT] as OperationMount | undefined).find(Boolean);
        for (const method of Object.keys(layer.route.methods)) routes.push({ method: method.toUpperCase(), path: layer.route.path, mount });
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return routes;
}
