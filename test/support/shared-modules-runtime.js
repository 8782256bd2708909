'use strict';
// Jest's module runtime, except that the service's sources (`src/`) and every package under node_modules are
// loaded by Node itself, once per Jest worker, instead of once per test file in the file's own module registry.
// Each test file used to load the whole service again (about 2,300 modules, 2 s of CPU), some 120 times a run.
// Test code (test/) still runs in Jest's sandbox, so its own state stays per file; what it imports from the
// service is one shared copy, which is sound because the service keeps no module-level state: every service
// a test starts builds its own ORM, schema, registries and pools (docs/testing.md).
require('../../scripts/register-typescript.js');
const { createRequire, isBuiltin } = require('node:module');
const path = require('node:path');
const Runtime = require('jest-runtime').default;

const SRC = path.resolve(__dirname, '../../src') + path.sep;
const PACKAGES = `${path.sep}node_modules${path.sep}`;

/** Where Node resolves `moduleName` from `from`, when Node should load it; undefined for Jest to load. */
function sharedPath(from, moduleName) {
  if (moduleName.startsWith('@jest/') || isBuiltin(moduleName)) return undefined;
  let resolved;
  try {
    resolved = createRequire(from).resolve(moduleName);
  } catch {
    return undefined;
  }
  return resolved.startsWith(SRC) || resolved.includes(PACKAGES) ? resolved : undefined;
}

/**
 * Globals the test file's realm takes from Node's: constructors whose objects tests hand to the service, which
 * checks them with `instanceof` (MikroORM a Date, the engine a typed array); `String`, `Number` and `Boolean`,
 * which a GraphQL type declared in a test names and type-graphql compares with its own; and `Reflect`, which
 * the shared reflect-metadata extends and such a declaration reads its types from.
 */
const SHARED_GLOBALS = [
  'Reflect',
  'String',
  'Number',
  'Boolean',
  'Date',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'Float64Array',
  'Float32Array',
  'Int32Array',
  'Uint32Array',
  'Uint8Array',
];

class SharedModulesRuntime extends Runtime {
  constructor(config, environment, ...rest) {
    super(config, environment, ...rest);
    for (const name of SHARED_GLOBALS) environment.global[name] = globalThis[name];
    // The service reads the real environment: a test that sets a variable for the service it starts sets that one.
    environment.global.process.env = process.env;
  }

  requireModuleOrMock(from, moduleName) {
    const resolved = sharedPath(from, moduleName);
    return resolved === undefined ? super.requireModuleOrMock(from, moduleName) : require(resolved);
  }
}

module.exports = SharedModulesRuntime;
