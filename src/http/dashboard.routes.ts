import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';

/** Where `npm run build:web` writes the dashboard (`web/dist`); the same from `src/http` and from the compiled `dist/http`. */
export const WEB_BUILD_DIR = path.resolve(__dirname, '../../web/dist');

/**
 * Every page may load only what this service serves (contract §14): no
 * script, style, font or connection to another host. Inline styles are
 * allowed because the charts and the IDE position their parts with them.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/**
 * The browser side of the service: the dashboard at `/` and the GraphQL IDE
 * at `GET /graphql` for a browser (one that prefers HTML), from the built
 * files. Pages are revalidated on every load so a new build shows at once;
 * their assets carry a content hash in the name and are cached for a year.
 * Before a build exists these paths fall through to the 404 answer.
 */
export function dashboardRoutes(buildDir: string = WEB_BUILD_DIR): Router {
  const router = Router();
  const page = (file: string) => (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.sendFile(file, { root: buildDir, headers: { 'Cache-Control': 'no-cache' }, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Security-Policy');
        next();
      }
    });
  };
  router.get('/', page('index.html'));
  // Browsers ask for /favicon.ico whatever the page links; both names get the SVG icon.
  router.get(['/favicon.svg', '/favicon.ico'], (_req, res, next) => {
    res.sendFile('favicon.svg', { root: buildDir, maxAge: '1d', headers: { 'Content-Type': 'image/svg+xml' } }, (error) => error && !res.headersSent && next());
  });
  router.get('/graphql', (req, res, next) => (req.accepts(['application/json', 'text/html']) === 'text/html' ? page('graphiql.html')(req, res, next) : next()));
  router.use('/assets', express.static(path.join(buildDir, 'assets'), { immutable: true, maxAge: '365d', index: false, redirect: false, fallthrough: true }));
  return router;
}
