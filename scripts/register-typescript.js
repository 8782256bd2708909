'use strict';
// Runs TypeScript sources in plain Node (`node -r ./scripts/register-typescript.js file.ts`): every `.ts` file is
// compiled on require by @swc/core with the options in `.swcrc`, the same ones Jest's @swc/jest uses, so the
// tests, the worker threads and the processes they spawn all run one compilation of the sources.
// pirates installs the require hook. (@swc-node/register did this before, but it loads the whole TypeScript
// compiler to read tsconfig.json: about half a second of CPU in every process and worker thread started.)
const fs = require('node:fs');
const path = require('node:path');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const { $schema: _schema, ...options } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.swcrc'), 'utf8'));

addHook((code, filename) => transformSync(code, { ...options, filename, swcrc: false, configFile: false }).code, { exts: ['.ts', '.tsx'] });
// The compiled code carries inline source maps: stack traces name the TypeScript lines.
process.setSourceMapsEnabled(true);
