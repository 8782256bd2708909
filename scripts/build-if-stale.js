// Runs before `npm start`: compiles src/ to dist/ only when a source or build setting
// changed since the last build, so a start costs no rebuild and an edited checkout
// still never runs stale code. `npm start` then execs node directly (see README).
const { spawnSync } = require('node:child_process');
const { readdirSync, statSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
}

const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((name) => path.join(root, name)).filter(existsSync);
const newestInput = Math.max(...inputs.map(newestMtime));
if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestInput) process.exit(0);

process.stderr.write('building dist/ (sources changed since the last build)…\n');
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
writeFileSync(stamp, `${new Date().toISOString()}\n`);
