import type { ExpressionNode } from './syntax';

/** A number as a key: distinct for every float64, -0 included. */
const numberKey = (value: number) => (Object.is(value, -0) ? '-0' : String(value));

/** `node` written out with its parameters' values, fully parenthesised: equal keys compute equal values. */
export function canonicalKey(node: ExpressionNode, parameters: ReadonlyMap<string, number>): string {
  const key = (child: ExpressionNode) => canonicalKey(child, parameters);
  switch (node.kind) {
    case 'number':
      return numberKey(node.value);
    case 'parameter':
      return numberKey(parameters.get(node.name)!);
    case 'series':
      return node.name;
    case 'negate':
      return `-(${key(node.operand)})`;
    case 'not':
      return `not(${key(node.operand)})`;
    case 'binary':
      return `(${key(node.left)} ${node.operator} ${key(node.right)})`;
    case 'lookback':
      return `${key(node.target)}[${key(node.offset)}]`;
    case 'call':
      return `${node.name}(${node.args.map(key).join(',')})`;
  }
}
