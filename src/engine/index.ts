/** The backtest engine's public surface, for the job API, the job worker and the live strategy runtime. */
export { addTrial, mergeTrials, NO_TRIALS, type TrialSharpes } from './deflated-sharpe';
export { EngineError, type EngineErrorCode } from './engine-error';
export { analyseRules, namedNumbersOf } from './templates/expression';
export { MAX_LEVERAGE } from './run-plan';
export { simulate, simulateMetrics, type SimulateOptions } from './simulate';
export { walkForwardWindows, type TestPart, type WalkForwardTests, type WalkForwardWindow } from './walk-forward';
export {
  findTemplate,
  listTemplates,
  templateCatalogue,
  TEMPLATES,
  validateTemplateParams,
  type CommonParams,
  type ParamsError,
  type ParamsValidation,
  type Position,
  type Side,
  type Strategy,
  type TemplateDefinition,
  type TemplateListing,
  type TemplateMetadata,
} from './templates';
export { perDaySharpe } from './sweep-selection';
export { TIMEFRAME_MS } from './timeframes';
export * from './types';
export { formatDecimal } from './wire-format';
export { BacktestPool, type BacktestPoolOptions, type BacktestRunOptions } from './worker/backtest-pool';
export { BacktestProgress } from './worker/backtest-progress';
