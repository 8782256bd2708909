/**
 * The expression language's syntax tree (contract §17). Every node keeps the
 * 1-based column where it starts, so the checker's errors can point at it.
 */

export const SERIES = ['open', 'high', 'low', 'close', 'volume'] as const;
export type SeriesName = (typeof SERIES)[number];

export type BinaryOperator = 'or' | 'and' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '+' | '-' | '*' | '/';

export type ExpressionNode =
  | { kind: 'number'; value: number; column: number }
  | { kind: 'series'; name: SeriesName; column: number }
  | { kind: 'parameter'; name: string; column: number }
  | { kind: 'negate'; operand: ExpressionNode; column: number }
  | { kind: 'not'; operand: ExpressionNode; column: number }
  /** `column` is where the left operand starts; `operatorColumn` where the operator is. */
  | { kind: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; column: number; operatorColumn: number }
  | { kind: 'call'; name: string; args: ExpressionNode[]; column: number }
  /** `target[offset]`: the offset is a number literal or a parameter, checked as a length. */
  | { kind: 'lookback'; target: ExpressionNode; offset: LengthNode; column: number };

/** Where the language takes a length (`n` of a function, `[n]`): a literal or a named parameter, never an expression. */
export type LengthNode = Extract<ExpressionNode, { kind: 'number' } | { kind: 'parameter' }>;

/** The nodes of a tree: a bound on the slots its compiled steps take. */
export function countNodes(node: ExpressionNode): number {
  switch (node.kind) {
    case 'number':
    case 'series':
    case 'parameter':
      return 1;
    case 'negate':
    case 'not':
      return 1 + countNodes(node.operand);
    case 'lookback':
      return 1 + countNodes(node.target);
    case 'binary':
      return 1 + countNodes(node.left) + countNodes(node.right);
    case 'call':
      return node.args.reduce((total, arg) => total + countNodes(arg), 1);
  }
}

/** A user's mistake at a column; the template turns it into 400 `INVALID_PARAMETER` naming `params.entry` or `params.exit`. */
export class ExpressionError extends Error {
  constructor(
    readonly column: number,
    readonly detail: string,
  ) {
    super(`at column ${column}, ${detail}`);
  }
}
