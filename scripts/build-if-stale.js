// Runs at `npm install` (prepare) and before `npm start`: compiles src/ to dist/, and the dashboard (web/) to web/dist/, only when
// a source or build setting changed since the last build, so a start costs no rebuild and an edited
// checkout still never runs stale code. `npm start` then execs node directly (see README).
const { spawnSync } = require('node:child_process');
const { readdirSync, statSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
}

/** Runs `args` with node when an input is newer than `stampFile`, then stamps it; exits on failure. */
function buildIfStale(label, inputNames, stampFile, args) {
  const stamp = path.join(root, stampFile);
  const inputs = inputNames.map((name) => path.join(root, name)).filter(existsSync);
  const newestInput = Math.max(...inputs.map(newestMtime));
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestInput) return;
  process.stderr.write(`building ${label} (sources changed since the last build)…\n`);
  const build = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

try {
  require.resolve('typescript/bin/tsc');
} catch {
  // An install without devDependencies (`--omit=dev`) has no compilers: it runs the dist/ it was given.
  process.exit(0);
}

buildIfStale('dist/', ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'], 'dist/.build-stamp', [
  require.resolve('typescript/bin/tsc'),
  '-p',
  'tsconfig.build.json',
]);
buildIfStale('web/dist/', ['web/src', 'web/build.ts', 'package-lock.json'], 'web/dist/.build-stamp', [
  '-r',
  './scripts/register-typescript.js',
  'web/build.ts',
]);
