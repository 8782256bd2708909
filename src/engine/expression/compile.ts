// Typed-array loops: every slot index below was allocated by the compiler for this array, so `!` stands in for a guard that would cost speed.
import { Ema } from '../indicators/ema';
import { seriesOf, type BarStep, type IndicatorDefinition, type IndicatorFeed } from '../indicators/indicator-feed';
import { RollingExtreme } from '../indicators/rolling-extreme';
import { RollingWindow } from '../indicators/rolling-window';
import { WilderAtr } from '../indicators/wilder-atr';
import { WilderRsi } from '../indicators/wilder-rsi';
import { CrossoverSign, PositionIntent, type Position, type Strategy } from '../templates/strategy';
import { FUNCTIONS, type ValueType } from './functions';
import { canonicalKey } from './indicator-key';
import { SERIES, type ExpressionNode, type LengthNode } from './syntax';

type CallNode = Extract<ExpressionNode, { kind: 'call' }>;

/** One step of a bar: reads earlier slots of the value array and writes its own. */
type Step = () => void;
/** A value computed when asked, from slots this bar's steps have written: the operators, evaluated only when a decision needs them. */
type Read = () => number;

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
/** The functions of this bar's values alone (a crossover's test reads its sign, a slot that is updated every bar). */
const OPERATIONS: ReadonlySet<string> = new Set(['abs', 'min', 'max', 'crossover', 'crossunder']);
const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/']);

function valueType(node: ExpressionNode): ValueType {
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

/**
 * Turns checked trees into a flat list of steps over one Float64Array of
 * slots, run in order once per closed bar, and the rules into reads over
 * those slots. What depends on earlier bars (indicators, crossover signs,
 * `[n]` rings) is a step that runs every bar, whatever `and`/`or` decide, so
 * its state sees every bar; so is any value such a step takes in (the `a − b`
 * of `crossover(a, b)`). Steps are hash-consed: a sub-expression that appears
 * twice (`sma(close, 20)` in both rules) has one key, so one slot and one
 * step, and its state is updated once per bar. The operators above the steps
 * (`and`, `>`, a crossover's test, ...) are reads, closures evaluated when a
 * decision asks for them, `and`/`or` short-circuiting: they keep no state, so
 * skipping them changes nothing. Conditions are held as 1 (true) or 0
 * (false); numbers are NaN while undefined, and a comparison with NaN is 0.
 */
class Compiler {
  private readonly slots = new Map<string, number>();
  private readonly histories = new Map<number, History>();
  private readonly windows = new Map<number, RollingWindow>();
  private readonly sources = new Map<string, { key: string; step: BarStep; series: Float64Array | undefined }>();
  /** The bar being decided, from 0: the index of a computed series' value. */
  readonly clock = { bar: -1 };
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
      case 'lookback':
        return this.lookback(node.target, this.length(node.offset));
      case 'call':
        if (OPERATIONS.has(node.name)) return this.materialize(node);
        return this.feed && node !== this.root && INDICATORS.has(node.name) ? this.fed(node, this.feed) : this.call(node.name, node.args);
      case 'negate':
      case 'not':
      case 'binary':
        return this.materialize(node);
    }
  }

  /** An operator's value written into a slot every bar, for a step that takes it in. */
  private materialize(node: ExpressionNode): { slot: number; type: ValueType } {
    const v = this.values;
    const slot = this.slot(`value:${canonicalKey(node, this.parameters)}`, (out) => {
      const read = this.read(node);
      return () => (v[out] = read());
    });
    return { slot, type: valueType(node) };
  }

  /** `node`'s value at the current bar, computed when called, once this bar's steps have run. */
  read(node: ExpressionNode): Read {
    const v = this.values;
    switch (node.kind) {
      case 'number':
      case 'parameter': {
        const value = node.kind === 'number' ? node.value : this.length(node);
        return () => value;
      }
      case 'negate': {
        const a = this.read(node.operand);
        return () => -a();
      }
      case 'not': {
        const a = this.read(node.operand);
        return () => (a() === TRUE ? FALSE : TRUE);
      }
      case 'binary':
        return this.binary(node.operator, this.read(node.left), this.read(node.right));
      case 'call': {
        if (OPERATIONS.has(node.name)) return this.operation(node.name, node.args);
        if (!this.feed || node === this.root || !INDICATORS.has(node.name)) break;
        const { series } = this.feedSource(node, this.feed);
        if (!series) break;
        const clock = this.clock;
        return () => series[clock.bar]!;
      }
      default:
        break;
    }
    const slot = this.compile(node).slot;
    return () => v[slot]!;
  }

  /** An indicator read from the feed, one value per bar; equal keys (whatever names gave the lengths) share one slot. */
  private fed(node: CallNode, feed: IndicatorFeed): { slot: number; type: ValueType } {
    const { key, step, series } = this.feedSource(node, feed);
    const v = this.values;
    const clock = this.clock;
    const slot = this.slot(`fed:${key}`, (out) => (series ? () => (v[out] = series[clock.bar]!) : () => (v[out] = step(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!))));
    return { slot, type: 'number' };
  }

  /** The feed's stepper of an indicator, asked for once per key; its computed series, when the feed has one, is read by bar without a step. */
  private feedSource(node: CallNode, feed: IndicatorFeed): { key: string; step: BarStep; series: Float64Array | undefined } {
    const definition = indicatorDefinition(node, this.parameters);
    let source = this.sources.get(definition.key);
    if (!source) {
      const step = feed(definition);
      source = { key: definition.key, step, series: seriesOf(step) };
      this.sources.set(definition.key, source);
    }
    return source;
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

  private binary(operator: string, a: Read, b: Read): Read {
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

  /** The functions of this bar's values: `abs`, `min`, `max` and a crossover's test of its sign. */
  private operation(name: string, args: ExpressionNode[]): Read {
    const v = this.values;
    switch (name) {
      case 'abs': {
        const a = this.read(args[0]!);
        return () => Math.abs(a());
      }
      case 'min':
      case 'max': {
        const a = this.read(args[0]!);
        const b = this.read(args[1]!);
        return name === 'min' ? () => Math.min(a(), b()) : () => Math.max(a(), b());
      }
      case 'crossover':
      case 'crossunder': {
        // crossover(a, b) and crossunder(a, b) read one sign state of a − b (contract §7's rule: ties keep the previous sign).
        const key = `cross:${canonicalKey(args[0]!, this.parameters)},${canonicalKey(args[1]!, this.parameters)}`;
        const cross = this.slot(key, (out) => {
          const a = this.read(args[0]!);
          const b = this.read(args[1]!);
          const sign = new CrossoverSign();
          return () => (v[out] = sign.update(a() - b()));
        });
        const wanted = name === 'crossover' ? 1 : -1;
        return () => (v[cross] === wanted ? TRUE : FALSE);
      }
      default:
        throw new Error(`function ${name} is not an operation`);
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
function barRunner({ values, steps, clock }: Compiler): (open: number, high: number, low: number, close: number, volume: number) => void {
  const stepCount = steps.length;
  return (open, high, low, close, volume) => {
    clock.bar++;
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
      const runBar = barRunner(compiler);
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
  const entryRule = compiler.read(entry);
  const exitRule = compiler.read(exit);
  compiler.finish();
  const runBar = barRunner(compiler);
  const intent = new PositionIntent(side);
  const long = side === 'long';
  let wanted: Position = 0;
  return {
    onBar(open, high, low, close, volume) {
      runBar(open, high, low, close, volume);
      // Each rule is evaluated only when it can decide: flat, only entry can change the wanted position; in it, entry true keeps it, so entry matters only once exit is true.
      const leave = wanted !== 0 && exitRule() === TRUE;
      const enter = (wanted === 0 || leave) && entryRule() === TRUE;
      wanted = long ? intent.update(enter, false, leave, false) : intent.update(false, enter, false, leave);
      return wanted;
    },
  };
}
