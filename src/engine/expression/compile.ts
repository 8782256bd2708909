// Typed-array loops: every slot index below was allocated by the compiler for this array, so `!` stands in for a guard that would cost speed.
import { Ema } from '../indicators/ema';
import type { BarStep, IndicatorDefinition, IndicatorFeed } from '../indicators/indicator-feed';
import { RollingExtreme } from '../indicators/rolling-extreme';
import { RollingWindow } from '../indicators/rolling-window';
import { WilderAtr } from '../indicators/wilder-atr';
import { WilderRsi } from '../indicators/wilder-rsi';
import { CrossoverSign, PositionIntent, type Strategy } from '../templates/strategy';
import { FUNCTIONS, type ValueType } from './functions';
import { canonicalKey } from './indicator-key';
import { SERIES, type ExpressionNode, type LengthNode } from './syntax';

type CallNode = Extract<ExpressionNode, { kind: 'call' }>;

/** One step of a bar: reads earlier slots of the value array and writes its own. */
type Step = () => void;

/** The last `capacity` values of one slot, oldest overwritten; a slot's history before the first bar is `initial`. */
class History {
  capacity = 1;
  buffer = new Float64Array(0);
  private next = 0;

  constructor(private readonly initial: number) {}

  allocate(): void {
    this.buffer = new Float64Array(this.capacity).fill(this.initial);
  }

  push(value: number): void {
    this.buffer[this.next] = value;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
  }

  /** The value pushed `offset` pushes ago (0 = the last one). */
  at(offset: number): number {
    const index = this.next - 1 - offset;
    return this.buffer[index < 0 ? index + this.capacity : index]!;
  }
}

/** A lookback makes two slots (the ring's push and the read), a crossover two (the sign and the test), sma/stdev two (the window and the read). */
const SLOTS_PER_NODE = 2;
const TRUE = 1;
const FALSE = 0;
/** The functions whose value depends on earlier bars: in a sweep, each is a series shared by the combinations (see `compileStrategy`). */
const INDICATORS: ReadonlySet<string> = new Set(['sma', 'ema', 'rsi', 'stdev', 'highest', 'lowest', 'atr']);

/**
 * Turns checked trees into a flat list of steps over one Float64Array of
 * slots, run in order once per closed bar. Slots are hash-consed: a
 * sub-expression that appears twice (`sma(close, 20)` in both rules) has one
 * key, so one slot and one step, and its indicator state is updated once per
 * bar. Every step runs every bar, whatever `and`/`or` decide, so stateful
 * indicators see every bar. Conditions are held as 1 (true) or 0 (false);
 * numbers are NaN while undefined, and a comparison with NaN writes 0.
 */
class Compiler {
  private readonly slots = new Map<string, number>();
  private readonly histories = new Map<number, History>();
  private readonly windows = new Map<number, RollingWindow>();
  readonly steps: Step[] = [];
  /** Steps capture this array itself, so it is sized before compiling: no node makes more than `SLOTS_PER_NODE` slots. */
  readonly values: Float64Array;
  private count = SERIES.length;

  /**
   * With a `feed`, every indicator but `root` reads its series from the feed;
   * `root` is the indicator whose series this compiler's steps compute.
   */
  constructor(
    private readonly parameters: ReadonlyMap<string, number>,
    nodes: number,
    private readonly feed?: IndicatorFeed,
    private readonly root?: ExpressionNode,
  ) {
    this.values = new Float64Array(SERIES.length + SLOTS_PER_NODE * nodes);
    SERIES.forEach((name, index) => this.slots.set(`series:${name}`, index));
  }

  /** Allocates the lookback rings, whose sizes are known once every `[n]` was compiled. */
  finish(): void {
    for (const history of this.histories.values()) history.allocate();
  }

  private slot(key: string, create: (slot: number) => Step | undefined): number {
    const existing = this.slots.get(key);
    if (existing !== undefined) return existing;
    const slot = this.count++;
    this.slots.set(key, slot);
    const step = create(slot);
    if (step) this.steps.push(step);
    return slot;
  }

  private constant(value: number): number {
    return this.slot(`constant:${value}`, (slot) => {
      this.values[slot] = value;
      return undefined;
    });
  }

  private length(node: LengthNode): number {
    if (node.kind === 'number') return node.value;
    const value = this.parameters.get(node.name);
    if (value === undefined) throw new Error(`parameter ${node.name} has no value`);
    return value;
  }

  /** The slot holding `node`'s value at each bar, and whether it is a number or a condition. */
  compile(node: ExpressionNode): { slot: number; type: ValueType } {
    switch (node.kind) {
      case 'number':
        return { slot: this.constant(node.value), type: 'number' };
      case 'parameter':
        return { slot: this.constant(this.length(node)), type: 'number' };
      case 'series':
        return { slot: this.slots.get(`series:${node.name}`)!, type: 'number' };
      case 'negate': {
        const a = this.compile(node.operand).slot;
        const v = this.values;
        return { slot: this.slot(`neg:${a}`, (out) => () => (v[out] = -v[a]!)), type: 'number' };
      }
      case 'not': {
        const a = this.compile(node.operand).slot;
        const v = this.values;
        return { slot: this.slot(`not:${a}`, (out) => () => (v[out] = v[a] === TRUE ? FALSE : TRUE)), type: 'condition' };
      }
      case 'lookback':
        return this.lookback(node.target, this.length(node.offset));
      case 'binary':
        return this.binary(node.operator, this.compile(node.left).slot, this.compile(node.right).slot);
      case 'call':
        return this.feed && node !== this.root && INDICATORS.has(node.name) ? this.fed(node, this.feed) : this.call(node.name, node.args);
    }
  }

  /** An indicator read from the feed, one value per bar; equal keys (whatever names gave the lengths) share one slot. */
  private fed(node: CallNode, feed: IndicatorFeed): { slot: number; type: ValueType } {
    const definition = indicatorDefinition(node, this.parameters);
    const v = this.values;
    const slot = this.slot(`fed:${definition.key}`, (out) => {
      const read = feed(definition);
      return () => (v[out] = read(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!));
    });
    return { slot, type: 'number' };
  }

  private lookback(target: ExpressionNode, offset: number): { slot: number; type: ValueType } {
    const { slot: source, type } = this.compile(target);
    const v = this.values;
    if (offset === 0) return { slot: source, type };
    let history = this.histories.get(source);
    if (!history) {
      const created = new History(type === 'condition' ? FALSE : NaN);
      history = created;
      this.histories.set(source, created);
      this.slot(`history:${source}`, () => () => created.push(v[source]!));
    }
    history.capacity = Math.max(history.capacity, offset + 1);
    const ring = history;
    return { slot: this.slot(`at:${source},${offset}`, (out) => () => (v[out] = ring.at(offset))), type };
  }

  private binary(operator: string, a: number, b: number): { slot: number; type: ValueType } {
    const v = this.values;
    const number = (compute: (x: number, y: number) => number) => ({
      slot: this.slot(`${operator}:${a},${b}`, (out) => () => (v[out] = compute(v[a]!, v[b]!))),
      type: 'number' as const,
    });
    const condition = (test: (x: number, y: number) => boolean) => ({
      slot: this.slot(`${operator}:${a},${b}`, (out) => () => (v[out] = test(v[a]!, v[b]!) ? TRUE : FALSE)),
      type: 'condition' as const,
    });
    switch (operator) {
      case '+':
        return number((x, y) => x + y);
      case '-':
        return number((x, y) => x - y);
      case '*':
        return number((x, y) => x * y);
      case '/':
        return number((x, y) => (y === 0 ? NaN : x / y));
      case '<':
        return condition((x, y) => x < y);
      case '<=':
        return condition((x, y) => x <= y);
      case '>':
        return condition((x, y) => x > y);
      case '>=':
        return condition((x, y) => x >= y);
      case '==':
        return condition((x, y) => x === y);
      case '!=':
        // NaN !== y is true in JavaScript; here a comparison with an undefined value is false.
        return condition((x, y) => x === x && y === y && x !== y);
      case 'and':
        return condition((x, y) => x === TRUE && y === TRUE);
      case 'or':
        return condition((x, y) => x === TRUE || y === TRUE);
      default:
        throw new Error(`unknown operator ${operator}`);
    }
  }

  private call(name: string, args: ExpressionNode[]): { slot: number; type: ValueType } {
    const signature = FUNCTIONS.get(name);
    if (!signature) throw new Error(`unknown function ${name}`);
    const v = this.values;
    const number = (slot: number) => ({ slot, type: 'number' as const });
    const lengthArg = (index: number) => this.length(args[index] as LengthNode);
    const input = () => this.compile(args[0]!).slot;
    switch (name) {
      case 'sma':
      case 'stdev': {
        const x = input();
        const n = lengthArg(1);
        // sma and stdev of the same input and length share one window, as the Bollinger template's band does.
        const pushed = this.slot(`window:${x},${n}`, (out) => {
          const window = new RollingWindow(n);
          this.windows.set(out, window);
          return () => {
            const value = v[x]!;
            if (Number.isFinite(value)) {
              window.push(value);
              v[out] = TRUE;
            } else v[out] = FALSE;
          };
        });
        const window = this.windows.get(pushed)!;
        const read = name === 'sma' ? () => window.mean() : () => window.standardDeviation();
        return number(this.slot(`${name}:${x},${n}`, (out) => () => (v[out] = v[pushed] === TRUE ? read() : NaN)));
      }
      case 'ema': {
        const x = input();
        const n = lengthArg(1);
        return number(
          this.slot(`ema:${x},${n}`, (out) => {
            const ema = new Ema(n);
            return () => {
              const value = v[x]!;
              v[out] = Number.isFinite(value) ? ema.update(value) : NaN;
            };
          }),
        );
      }
      case 'rsi': {
        const x = input();
        const n = lengthArg(1);
        return number(
          this.slot(`rsi:${x},${n}`, (out) => {
            const rsi = new WilderRsi(n);
            return () => {
              const value = v[x]!;
              v[out] = Number.isFinite(value) ? rsi.update(value) : NaN;
            };
          }),
        );
      }
      case 'highest':
      case 'lowest': {
        const x = input();
        const n = lengthArg(1);
        return number(
          this.slot(`${name}:${x},${n}`, (out) => {
            const extreme = new RollingExtreme(n, name);
            return () => {
              const value = v[x]!;
              if (Number.isFinite(value)) {
                extreme.push(value);
                v[out] = extreme.value();
              } else v[out] = NaN;
            };
          }),
        );
      }
      case 'atr': {
        const n = lengthArg(0);
        const [high, low, close] = [1, 2, 3];
        return number(
          this.slot(`atr:${n}`, (out) => {
            const atr = new WilderAtr(n);
            return () => (v[out] = atr.update(v[high]!, v[low]!, v[close]!));
          }),
        );
      }
      case 'abs': {
        const x = input();
        return number(this.slot(`abs:${x}`, (out) => () => (v[out] = Math.abs(v[x]!))));
      }
      case 'min':
      case 'max': {
        const a = input();
        const b = this.compile(args[1]!).slot;
        const pick = name === 'min' ? Math.min : Math.max;
        return number(this.slot(`${name}:${a},${b}`, (out) => () => (v[out] = pick(v[a]!, v[b]!))));
      }
      case 'crossover':
      case 'crossunder': {
        const a = input();
        const b = this.compile(args[1]!).slot;
        // crossover(a, b) and crossunder(a, b) read one sign state of a − b (contract §7's rule: ties keep the previous sign).
        const cross = this.slot(`cross:${a},${b}`, (out) => {
          const sign = new CrossoverSign();
          return () => (v[out] = sign.update(v[a]! - v[b]!));
        });
        const wanted = name === 'crossover' ? 1 : -1;
        return { slot: this.slot(`${name}:${cross}`, (out) => () => (v[out] = v[cross] === wanted ? TRUE : FALSE)), type: 'condition' };
      }
      default:
        throw new Error(`function ${name} has no compiler`);
    }
  }
}

function countNodes(node: ExpressionNode): number {
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

/** Writes the bar into the series slots and runs the steps once. */
function barRunner(values: Float64Array, steps: readonly Step[]): (open: number, high: number, low: number, close: number, volume: number) => void {
  const stepCount = steps.length;
  return (open, high, low, close, volume) => {
    values[0] = open;
    values[1] = high;
    values[2] = low;
    values[3] = close;
    values[4] = volume;
    for (let index = 0; index < stepCount; index++) steps[index]!();
  };
}

/** The series of one indicator call: its own compiled steps, its inner indicators read from the feed in turn. */
function indicatorDefinition(node: CallNode, parameters: ReadonlyMap<string, number>): IndicatorDefinition {
  return {
    key: canonicalKey(node, parameters),
    create(feed): BarStep {
      const compiler = new Compiler(parameters, countNodes(node), feed, node);
      const slot = compiler.compile(node).slot;
      compiler.finish();
      const { values } = compiler;
      const runBar = barRunner(values, compiler.steps);
      return (open, high, low, close, volume) => {
        runBar(open, high, low, close, volume);
        return values[slot]!;
      };
    },
  };
}

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
  const entrySlot = compiler.compile(entry).slot;
  const exitSlot = compiler.compile(exit).slot;
  compiler.finish();
  const { values } = compiler;
  const runBar = barRunner(values, compiler.steps);
  const intent = new PositionIntent(side);
  const long = side === 'long';
  return {
    onBar(open, high, low, close, volume) {
      runBar(open, high, low, close, volume);
      const enter = values[entrySlot] === TRUE;
      const leave = values[exitSlot] === TRUE;
      return long ? intent.update(enter, false, leave, false) : intent.update(false, enter, false, leave);
    },
  };
}
