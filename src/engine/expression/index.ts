/** Contract §17's expression language: parse and check a rule, compile a pair of rules into a strategy, and their warm-up. */
export { checkCondition, lengthProblem, type CheckedExpression } from './check';
export { compileStrategy } from './compile';
export { ExpressionError } from './syntax';
export { definedFrom } from './warmup';
