import type { Router } from 'express';
import { OPERATION_OF_HANDLER } from '../../src/rest/operation-route';

export interface MountedRoute {
  /** `METHOD /path/:param`. */
  route: string;
  method: string;
  path: string;
  /** The operation the handler is mounted on, undefined when none. */
  operation: string | undefined;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Record<symbol, unknown> }[] };
  handle: { stack?: Layer[] };
}

/** Every method + path an express router mounts, with the operation each handler is mounted on. */
export function mountedRoutes(router: Router): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          const operations = layer.route.stack.map((entry) => entry.handle[OPERATION_OF_HANDLER] as string | undefined);
          const upper = method.toUpperCase();
          routes.push({ route: `${upper} ${layer.route.path}`, method: upper, path: layer.route.path, operation: operations.find(Boolean) });
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return routes;
}
