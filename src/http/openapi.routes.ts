import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { GUIDES_PATH } from '../openapi/guides';

/** The reference viewer's files, served by the service itself (no other host): Swagger UI's dist from npm, and our two small files. */
const VIEWER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VIEWER_FILES: Record<string, string> = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' };

/** The repository's guides (docs/*.md), which the reference links to: served as text, so every link in it opens. */
const GUIDES_DIR = path.resolve(__dirname, '../../docs');

function guideFiles(): Set<string> {
  try {
    return new Set(readdirSync(GUIDES_DIR).filter((name) => /^[a-z0-9-]+\.md$/.test(name)));
  } catch {
    return new Set();
  }
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API reference</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/start.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise fetch a badge from validator.swagger.io.
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });\n`;

/** `GET /openapi.json` (built once, on first request) and `GET /docs`, the reference page rendered from it. */
export function openApiRoutes(buildDocument: () => unknown): Router {
  const router = Router();
  let document: string | undefined;
  router.get('/openapi.json', (_req: Request, res: Response) => {
    document ??= JSON.stringify(buildDocument());
    res.type('application/json').send(document);
  });
  router.get('/docs', (_req: Request, res: Response) => {
    res.type('text/html; charset=utf-8').send(DOCS_PAGE);
  });
  const guides = guideFiles();
  router.get(`${GUIDES_PATH}/:file`, (req: Request, res: Response) => {
    const file = String(req.params.file);
    if (!guides.has(file)) {
      res.status(404).json({ detail: 'Not Found' });
      return;
    }
    res.type('text/plain; charset=utf-8').send(readFileSync(path.join(GUIDES_DIR, file)));
  });
  router.get('/docs/assets/start.js', (_req: Request, res: Response) => {
    res.type('text/javascript; charset=utf-8').send(START_SCRIPT);
  });
  router.get('/docs/assets/:file', (req: Request, res: Response) => {
    const file = String(req.params.file);
    const type = Object.hasOwn(VIEWER_FILES, file) ? VIEWER_FILES[file] : undefined;
    if (!type) {
      res.status(404).json({ detail: 'Not Found' });
      return;
    }
    res.type(type).send(readFileSync(path.join(VIEWER_DIR, file)));
  });
  return router;
}
