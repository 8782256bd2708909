import type { IndicatorFeed } from '../indicators/indicator-feed';
import { PositionIntent, type Position, type Strategy } from '../templates/strategy';
import { Compiler } from './compiler';
import { TRUE } from './operators';
import { enterBar } from './steps';
import { countNodes, type ExpressionNode } from './syntax';

/**
 * A strategy with the templates' `onBar` contract (contract §17's decisions):
 * flat and `entry` true → the position on `side`; in it and `exit` true →
 * flat, through the templates' own `PositionIntent`, so an expression that
 * states a template's rules decides exactly as the template does. Trees must
 * have passed `checkCondition`, and `parameters` must hold every name they use.
 * With a `feed` (a sweep), each indicator (sma, ema, rsi, stdev, highest,
 * lowest, atr, keyed by function, input and lengths) is read from it, so
 * every combination of the sweep that uses it reads one series; without
 * one, each updates its own ring buffers bar by bar.
 */
export function compileStrategy(
  entry: ExpressionNode,
  exit: ExpressionNode,
  parameters: ReadonlyMap<string, number>,
  side: 'long' | 'short',
  feed?: IndicatorFeed,
): Strategy {
  const compiler = new Compiler(parameters, countNodes(entry) + countNodes(exit), feed);
  const entryRule = compiler.read(entry);
  const exitRule = compiler.read(exit);
  const steps = compiler.finish();
  const { values } = compiler;
  // Local copies: under the CommonJS transform of the sources, an imported binding is read through a getter, on every bar.
  const [enter, yes] = [enterBar, TRUE];
  const intent = new PositionIntent(side);
  const long = side === 'long';
  let wanted: Position = 0;
  return {
    onBar(open, high, low, close, volume) {
      enter(values, open, high, low, close, volume);
      steps();
      // Each rule is evaluated only when it can decide: flat, only entry can change the wanted position; in it, entry true keeps it, so entry matters only once exit is true.
      const leave = wanted !== 0 && exitRule() === yes;
      const opens = (wanted === 0 || leave) && entryRule() === yes;
      wanted = long ? intent.update(opens, false, leave, false) : intent.update(false, opens, false, leave);
      return wanted;
    },
  };
}
