import type { Express, RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

interface Layer {
  path?: string;
  route?: { methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  match(path: string): boolean;
}

/** The methods routes of `stack` answer on `path`, walking nested routers (all mounted at their parent's root here). */
function methodsFor(stack: Layer[], path: string, methods: Set<string>): void {
  for (const layer of stack) {
    let matches: boolean;
    try {
      matches = layer.match(path);
    } catch {
      // A malformed escape in a parameter: routing answers it with 400 on its own.
      matches = false;
    }
    if (!matches) continue;
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) methods.add(method.toUpperCase());
    } else if (layer.handle.stack) {
      methodsFor(layer.handle.stack, path.slice(layer.path?.length ?? 0) || '/', methods);
    }
  }
}

/**
 * Contract §14: a known path called with a method it does not have is 405
 * with an `Allow` header, not 404. Mounted after every route, so it runs only
 * for requests no route took; the routes are read from the app itself, so a
 * new path needs nothing here.
 */
export function methodNotAllowed(app: Express): RequestHandler {
  return (req, res, next) => {
    const methods = new Set<string>();
    methodsFor((app.router as unknown as { stack: Layer[] }).stack, req.path, methods);
    if (methods.size === 0) return next();
    if (methods.has('GET')) methods.add('HEAD');
    res.setHeader('Allow', [...methods].sort().join(', '));
    next(new AppError('METHOD_NOT_ALLOWED', 'Method Not Allowed'));
  };
}
