'use strict';
// Worker threads start as plain Node. When the service runs from TypeScript
// sources (jest, `node -r @swc-node/register`), this file compiles the worker
// on load; the compiled `dist/` build loads `backtest-worker.js` directly.
require('@swc-node/register');
module.exports = require('./backtest-worker.ts');
