'use strict';
// Runs TypeScript sources in plain Node (`node -r ./scripts/register-typescript.js file.ts`): every `.ts` file is
// compiled on require by @swc/core with the options in `.swcrc`, the same ones Jest's @swc/jest uses, so the
// tests, the worker threads and the processes they spawn all run one compilation of the sources.
// pirates installs the require hook. (@swc-node/register did this before, but it loads the whole TypeScript
// compiler to read tsconfig.json: about half a second of CPU in every process and worker thread started.)
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { addHook } = require('pirates');
const swc = require('@swc/core');

const root = path.join(__dirname, '..');
const { $schema: _schema, ...options } = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));

// Compiled files are kept on disk, keyed by what decides the output (the source, its path, which the inline source
// map names, the options and the compiler's version): compiling the service's sources again took about 0.5 s of the
// ~2 s of CPU every spawned service process spends starting, and the tests start dozens of them. A file is written
// under a name of its own and renamed into place, so processes starting together never read half of one. The cache
// is only a saving: where it cannot be read or written, the file is compiled as before.
const cacheDirectory = path.join(root, 'node_modules', '.cache', 'register-typescript');
const settings = JSON.stringify([options, swc.version]);

function compile(code, filename) {
  const key = crypto.createHash('sha256').update(settings).update('\0').update(filename).update('\0').update(code).digest('hex');
  const cached = path.join(cacheDirectory, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    const output = swc.transformSync(code, { ...options, filename, swcrc: false, configFile: false }).code;
    try {
      fs.mkdirSync(cacheDirectory, { recursive: true });
      const partial = `${cached}.${process.pid}.${crypto.randomUUID()}`;
      fs.writeFileSync(partial, output);
      fs.renameSync(partial, cached);
    } catch {
      // read-only or full disk: the next start compiles this file again
    }
    return output;
  }
}

addHook(compile, { exts: ['.ts', '.tsx'] });
// The compiled code carries inline source maps: stack traces name the TypeScript lines.
process.setSourceMapsEnabled(true);
