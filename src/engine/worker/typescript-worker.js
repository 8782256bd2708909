'use strict';
// Worker threads start as plain Node. When the service runs from TypeScript
// sources (jest, `node -r ./scripts/register-typescript.js`), this file
// compiles the worker on load; the compiled `dist/` build loads
// `backtest-worker.js` directly.
require('../../../scripts/register-typescript.js');
module.exports = require('./backtest-worker.ts');
