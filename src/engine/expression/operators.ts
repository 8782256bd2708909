import { FUNCTIONS, type ValueType } from './functions';
import type { ExpressionNode } from './syntax';

/** A value computed when asked, from slots this bar's steps have written: the operators, evaluated only when a decision needs them. */
export type Read = () => number;

/** Conditions are held as 1 (true) or 0 (false); numbers are NaN while undefined, and a comparison with NaN is 0. */
export const TRUE = 1;
export const FALSE = 0;

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/']);

export function valueType(node: ExpressionNode): ValueType {
  switch (node.kind) {
    case 'not':
      return 'condition';
    case 'binary':
      return ARITHMETIC.has(node.operator) ? 'number' : 'condition';
    case 'call':
      return FUNCTIONS.get(node.name)!.result;
    case 'lookback':
      return valueType(node.target);
    default:
      return 'number';
  }
}

/** `a operator b`, `and`/`or` short-circuiting: operators keep no state, so skipping one changes nothing. */
export function binaryRead(operator: string, a: Read, b: Read): Read {
  switch (operator) {
    case '+':
      return () => a() + b();
    case '-':
      return () => a() - b();
    case '*':
      return () => a() * b();
    case '/':
      return () => {
        const y = b();
        return y === 0 ? NaN : a() / y;
      };
    case '<':
      return () => (a() < b() ? TRUE : FALSE);
    case '<=':
      return () => (a() <= b() ? TRUE : FALSE);
    case '>':
      return () => (a() > b() ? TRUE : FALSE);
    case '>=':
      return () => (a() >= b() ? TRUE : FALSE);
    case '==':
      return () => (a() === b() ? TRUE : FALSE);
    case '!=':
      // NaN !== y is true in JavaScript; here a comparison with an undefined value is false.
      return () => {
        const x = a();
        const y = b();
        return x === x && y === y && x !== y ? TRUE : FALSE;
      };
    case 'and':
      return () => (a() === TRUE && b() === TRUE ? TRUE : FALSE);
    case 'or':
      return () => (a() === TRUE || b() === TRUE ? TRUE : FALSE);
    default:
      throw new Error(`unknown operator ${operator}`);
  }
}

/** `-a`, `not a`, `abs(a)`. */
export function unaryRead(name: 'negate' | 'not' | 'abs', a: Read): Read {
  switch (name) {
    case 'negate':
      return () => -a();
    case 'not':
      return () => (a() === TRUE ? FALSE : TRUE);
    case 'abs':
      return () => Math.abs(a());
  }
}

/** `min(a, b)`, `max(a, b)`. */
export function extremeRead(name: 'min' | 'max', a: Read, b: Read): Read {
  return name === 'min' ? () => Math.min(a(), b()) : () => Math.max(a(), b());
}
