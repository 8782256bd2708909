import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';

/**
 * Builds the dashboard and the GraphQL IDE into `web/dist` (git-ignored):
 * content-hashed scripts and styles under `assets/`, which the service
 * caches for a year, and one HTML page per app naming them, which it serves
 * uncached, and the icon. Runs on `npm install` (the `prepare` script) and `npm start`.
 *
 * A build replaces a running service's files in place, never by emptying the folder: another process of the same
 * checkout may be serving them (a second `npm start` rebuilds after an edit while the first still answers). New
 * assets are written beside the old ones under new hashed names (a name already there holds the same bytes and is
 * left alone), then each page and the icon are renamed into place
 * whole, and only then are the assets that neither the new pages nor the ones they replaced name removed, so a page
 * loaded just before the switch still finds its scripts.
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

/** Writes `file` under a name of its own first, then renames it into place: a reader gets the old file or the new one, whole. */
async function replaceFile(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await write(partial);
  await rename(partial, file);
}

/** The asset files an HTML page names (`/assets/<name>`); none for a page not built yet. */
async function assetsNamedBy(html: string): Promise<string[]> {
  const text = await readFile(path.join(OUTPUT_DIR, html), 'utf8').catch(() => '');
  return [...text.matchAll(/\/assets\/([^"'\s>]+)/g)].map((match) => match[1]!);
}

/** Builds one page and answers the names of the asset files its build wrote. */
async function buildPage(page: Page): Promise<string[]> {
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
    write: false,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    ...page.options,
  });
  if (!result.metafile || !result.outputFiles) throw new Error('esbuild returned no metafile or no output files');
  // A content-hashed name already on disk holds these very bytes: rewriting it would only open a window in which it is empty.
  for (const output of result.outputFiles) {
    if (!existsSync(output.path)) await replaceFile(output.path, (partial) => writeFile(partial, output.contents));
  }
  const template = await readFile(path.join(WEB, page.template), 'utf8');
  const html = template.replace('<!-- assets -->', assetTags(result.metafile, page.entry));
  await replaceFile(path.join(OUTPUT_DIR, page.html), (partial) => writeFile(partial, html));
  return result.outputFiles.map((output) => path.basename(output.path));
}

export async function buildWeb(): Promise<void> {
  await mkdir(ASSETS_DIR, { recursive: true });
  const kept = new Set<string>();
  for (const page of PAGES) for (const name of await assetsNamedBy(page.html)) kept.add(name);
  for (const page of PAGES) for (const name of await buildPage(page)) kept.add(name);
  await replaceFile(path.join(OUTPUT_DIR, 'favicon.svg'), (partial) => copyFile(path.join(WEB, 'src/favicon.svg'), partial));
  for (const name of await readdir(ASSETS_DIR)) if (!kept.has(name)) await rm(path.join(ASSETS_DIR, name), { force: true });
}

if (require.main === module) {
  buildWeb().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
