import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';

/**
 * Builds the dashboard and the GraphQL IDE into `web/dist` (git-ignored):
 * content-hashed scripts and styles under `assets/`, which the service
 * caches for a year, and one HTML page per app naming them, which it serves
 * uncached, and the icon. Runs on `npm install` (the `prepare` script) and `npm start`.
 */

const WEB = __dirname;
export const OUTPUT_DIR = path.join(WEB, 'dist');
const ASSETS_DIR = path.join(OUTPUT_DIR, 'assets');

interface Page {
  /** The HTML file written to `web/dist`. */
  html: string;
  template: string;
  entry: string;
  /** esbuild options of this app's bundle (its JSX runtime). */
  options: BuildOptions;
}

const PAGES: Page[] = [
  { html: 'index.html', template: 'src/index.html', entry: 'src/main.tsx', options: { jsx: 'automatic', jsxImportSource: 'preact' } },
  { html: 'graphiql.html', template: 'src/graphiql/graphiql.html', entry: 'src/graphiql/main.ts', options: {} },
];

/** The `<link>` and `<script>` tags of one entry point's bundle (its styles are the CSS bundle esbuild made beside it). */
function assetTags(metafile: Metafile, entry: string): string {
  const output = Object.entries(metafile.outputs).find(([, candidate]) => candidate.entryPoint === entry);
  if (!output) throw new Error(`esbuild produced no bundle for ${entry}`);
  const [script, { cssBundle }] = output;
  const tags = cssBundle ? [`<link rel="stylesheet" href="/assets/${path.basename(cssBundle)}">`] : [];
  tags.push(`<script type="module" src="/assets/${path.basename(script)}"></script>`);
  return tags.join('\n    ');
}

async function buildPage(page: Page): Promise<void> {
  const result = await build({
    absWorkingDir: WEB,
    entryPoints: [page.entry],
    outdir: ASSETS_DIR,
    entryNames: `${path.basename(page.html, '.html')}-[hash]`,
    assetNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    ...page.options,
  });
  if (!result.metafile) throw new Error('esbuild returned no metafile');
  const template = await readFile(path.join(WEB, page.template), 'utf8');
  await writeFile(path.join(OUTPUT_DIR, page.html), template.replace('<!-- assets -->', assetTags(result.metafile, page.entry)));
}

export async function buildWeb(): Promise<void> {
  await rm(OUTPUT_DIR, { recursive: true, force: true });
  await mkdir(ASSETS_DIR, { recursive: true });
  for (const page of PAGES) await buildPage(page);
  await copyFile(path.join(WEB, 'src/favicon.svg'), path.join(OUTPUT_DIR, 'favicon.svg'));
}

if (require.main === module) {
  buildWeb().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
