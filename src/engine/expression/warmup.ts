import type { ExpressionNode, LengthNode } from './syntax';

/**
 * The bar (1-based) from which `node` is defined when every input is
 * (contract §17's warm-up): a series from bar 1, `sma(x, n)` from n − 1 bars
 * after x, `rsi(x, n)` one bar later (it needs n changes), `x[k]` k bars after
 * x, a crossover one bar after its difference (it needs a sign before).
 * Constants are defined from bar 0, i.e. before anything. Undefined when a
 * length is a parameter without a value.
 */
export function definedFrom(node: ExpressionNode, parameters: ReadonlyMap<string, number>): number | undefined {
  const length = (length: LengthNode) => (length.kind === 'number' ? length.value : parameters.get(length.name));
  const after = (from: number | undefined, bars: number | undefined) => (from === undefined || bars === undefined ? undefined : Math.max(from, 1) + bars);
  const latest = (nodes: ExpressionNode[]) =>
    nodes.reduce<number | undefined>((max, child) => {
      const from = definedFrom(child, parameters);
      return max === undefined || from === undefined ? undefined : Math.max(max, from);
    }, 0);
  switch (node.kind) {
    case 'number':
    case 'parameter':
      return 0;
    case 'series':
      return 1;
    case 'negate':
    case 'not':
      return definedFrom(node.operand, parameters);
    case 'lookback':
      return after(definedFrom(node.target, parameters), length(node.offset));
    case 'binary':
      return latest([node.left, node.right]);
    case 'call': {
      switch (node.name) {
        case 'atr':
          return length(node.args[0] as LengthNode);
        case 'rsi':
          return after(definedFrom(node.args[0]!, parameters), length(node.args[1] as LengthNode));
        case 'sma':
        case 'ema':
        case 'stdev':
        case 'highest':
        case 'lowest': {
          const n = length(node.args[1] as LengthNode);
          return after(definedFrom(node.args[0]!, parameters), n === undefined ? undefined : n - 1);
        }
        case 'crossover':
        case 'crossunder':
          return after(latest(node.args), 1);
        default:
          return latest(node.args);
      }
    }
  }
}
