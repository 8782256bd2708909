import { MAX_PERIOD } from '../templates/params';
import { FUNCTION_NAMES, FUNCTIONS, type ValueType } from './functions';
import { parseExpression } from './parser';
import { ExpressionError, type ExpressionNode } from './syntax';

/** Where a named parameter is used: lengths must hold whole numbers in range once its value is known. */
export interface ParameterUse {
  column: number;
  /** `function` for an `n` argument (1 to 10,000), `lookback` for `[n]` (0 to 10,000), `value` elsewhere. */
  role: 'function' | 'lookback' | 'value';
}

export interface CheckedExpression {
  root: ExpressionNode;
  /** Each named parameter with its uses, in the order first met. */
  parameters: Map<string, ParameterUse[]>;
}

const NUMERIC_OPERATORS = new Set(['+', '-', '*', '/']);
const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);

const article = (type: ValueType) => (type === 'number' ? 'a number' : 'a condition');

function lengthRange(role: ParameterUse['role']): { minimum: number; description: string } {
  return role === 'function'
    ? { minimum: 1, description: `a whole number from 1 to ${MAX_PERIOD}` }
    : { minimum: 0, description: `a whole number from 0 to ${MAX_PERIOD}` };
}

/** Whether `value` is a valid length for `role`, or the description of what is expected. */
export function lengthProblem(value: number, role: 'function' | 'lookback'): string | undefined {
  const { minimum, description } = lengthRange(role);
  return Number.isInteger(value) && value >= minimum && value <= MAX_PERIOD ? undefined : description;
}

/**
 * The type checker: `entry` and `exit` are conditions, arithmetic and
 * comparisons take numbers, `and`/`or`/`not` take conditions, each function
 * its arity from `FUNCTIONS`. Identifiers that are not built-in are named
 * parameters; `reserved` holds the template's own param names, which an
 * expression may not use as parameters.
 */
class Checker {
  readonly parameters = new Map<string, ParameterUse[]>();

  constructor(private readonly reserved: ReadonlySet<string>) {}

  expect(node: ExpressionNode, expected: ValueType, context: string): void {
    const actual = this.type(node);
    if (actual !== expected) throw new ExpressionError(node.column, `expected ${article(expected)} ${context}, found ${article(actual)}`);
  }

  private use(name: string, column: number, role: ParameterUse['role']): void {
    if (this.reserved.has(name)) throw new ExpressionError(column, `expected a parameter name, found '${name}', which is a param of the template itself`);
    const uses = this.parameters.get(name);
    if (uses) uses.push({ column, role });
    else this.parameters.set(name, [{ column, role }]);
  }

  private length(node: ExpressionNode, role: 'function' | 'lookback', context: string): void {
    if (node.kind === 'parameter') return this.use(node.name, node.column, role);
    const problem = node.kind === 'number' ? lengthProblem(node.value, role) : lengthRange(role).description + ' or a parameter name';
    if (problem !== undefined) throw new ExpressionError(node.column, `expected ${problem} ${context}`);
  }

  private type(node: ExpressionNode): ValueType {
    switch (node.kind) {
      case 'number':
      case 'series':
        return 'number';
      case 'parameter':
        this.use(node.name, node.column, 'value');
        return 'number';
      case 'negate':
        this.expect(node.operand, 'number', "after unary '-'");
        return 'number';
      case 'not':
        this.expect(node.operand, 'condition', "after 'not'");
        return 'condition';
      case 'lookback':
        this.length(node.offset, 'lookback', 'inside [ ]');
        return this.type(node.target);
      case 'binary': {
        const operands: ValueType = NUMERIC_OPERATORS.has(node.operator) || COMPARISONS.has(node.operator) ? 'number' : 'condition';
        this.expect(node.left, operands, `before '${node.operator}' (column ${node.operatorColumn})`);
        this.expect(node.right, operands, `after '${node.operator}' (column ${node.operatorColumn})`);
        return NUMERIC_OPERATORS.has(node.operator) ? 'number' : 'condition';
      }
      case 'call':
        return this.call(node);
    }
  }

  private call(node: Extract<ExpressionNode, { kind: 'call' }>): ValueType {
    const signature = FUNCTIONS.get(node.name);
    if (!signature) throw new ExpressionError(node.column, `expected a function (${FUNCTION_NAMES.join(', ')}), found unknown function '${node.name}'`);
    if (node.args.length !== signature.args.length) {
      const count = signature.args.length;
      throw new ExpressionError(node.column, `expected ${count} argument${count === 1 ? '' : 's'} for ${node.name}, found ${node.args.length}`);
    }
    signature.args.forEach((kind, index) => {
      const arg = node.args[index]!;
      const context = `as argument ${index + 1} of ${node.name}`;
      if (kind === 'length') this.length(arg, 'function', context);
      else this.expect(arg, 'number', context);
    });
    return signature.result;
  }
}

/** Parses and type-checks one condition (`entry` or `exit`); throws `ExpressionError` at the first problem. */
export function checkCondition(source: string, reserved: ReadonlySet<string>): CheckedExpression {
  const root = parseExpression(source);
  const checker = new Checker(reserved);
  checker.expect(root, 'condition', '(a comparison, crossover, crossunder, and, or, not) for the whole rule');
  return { root, parameters: checker.parameters };
}
