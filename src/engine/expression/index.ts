export { checkCondition, lengthProblem, type CheckedExpression, type ParameterUse } from './check';
export { compileStrategy } from './compile';
export { FUNCTION_NAMES } from './functions';
export { MAX_CALLS, MAX_EXPRESSION_LENGTH, MAX_NESTING } from './parser';
export { ExpressionError, type ExpressionNode } from './syntax';
export { definedFrom } from './warmup';
