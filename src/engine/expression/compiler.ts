// Typed-array loops: every slot index below was allocated by the compiler for this array, so `!` stands in for a guard that would cost speed.
import { seriesOf, type BarStep, type IndicatorDefinition, type IndicatorFeed } from '../indicators/indicator-feed';
import { CrossoverSign } from '../templates/strategy';
import { enterBar, sequence, type Clock, type Step } from './steps';
import type { ValueType } from './functions';
import { History } from './history';
import { atrStep, indicatorStep, type Windows } from './indicator-steps';
import { canonicalKey } from './indicator-key';
import { binaryRead, extremeRead, FALSE, TRUE, unaryRead, valueType, type Read } from './operators';
import { countNodes, SERIES, type ExpressionNode, type LengthNode } from './syntax';

type CallNode = Extract<ExpressionNode, { kind: 'call' }>;
type Compiled = { slot: number; type: ValueType };
/** Where a step finds a value it takes in: a slot of this bar, a sweep's computed series (by bar), or an operator to evaluate. */
type Operand = { slot: number } | { series: Float64Array } | { read: Read };
interface FeedSource {
  key: string;
  step: BarStep;
  series: Float64Array | undefined;
}

/** A lookback makes two slots (the ring's push and the read); every other node at most one. */
const SLOTS_PER_NODE = 2;
/** The functions whose value depends on earlier bars: in a sweep, each is a series shared by the combinations (see `compileStrategy`). */
const INDICATORS: ReadonlySet<string> = new Set(['sma', 'ema', 'rsi', 'stdev', 'highest', 'lowest', 'atr']);
/** The functions of this bar's values alone (a crossover's test reads its sign, a slot that is updated every bar). */
const OPERATIONS: ReadonlySet<string> = new Set(['abs', 'min', 'max', 'crossover', 'crossunder']);

/**
 * Turns checked trees into a list of steps over one Float64Array of slots,
 * run in order once per closed bar, and the rules into reads over those
 * slots. What depends on earlier bars (indicators, crossover signs, `[n]`
 * rings) is a step that runs every bar, whatever `and`/`or` decide, so its
 * state sees every bar; so is any value such a step takes in (the `a − b`
 * of `crossover(a, b)`). Steps are hash-consed: a sub-expression that
 * appears twice (`sma(close, 20)` in both rules) has one key, so one slot and
 * one step, and its state is updated once per bar. The operators above the
 * steps (`and`, `>`, a crossover's test, ...) are reads, closures evaluated
 * when a decision asks for them, `and`/`or` short-circuiting: they keep no
 * state, so skipping them changes nothing.
 */
export class Compiler {
  private readonly slots = new Map<string, number>();
  private readonly histories = new Map<number, History>();
  private readonly windows: Windows = new Map();
  private readonly sources = new Map<string, FeedSource>();
  private readonly clock: Clock = { bar: -1 };
  /** Whether a step or a read takes a value of a sweep's series by bar, so the clock must advance. */
  private clocked = false;
  private readonly steps: Step[] = [];
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

  /** Allocates the lookback rings, whose sizes are known once every `[n]` was compiled, and gives the steps as one, to run after `enterBar`. */
  finish(): Step {
    for (const history of this.histories.values()) history.allocate();
    const clock = this.clock;
    return sequence(this.clocked ? [() => void clock.bar++, ...this.steps] : this.steps);
  }

  /** The clock, for a step or read that takes a series' value at this bar. */
  private tickingClock(): Clock {
    this.clocked = true;
    return this.clock;
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

  /** Whether `node` is an indicator this compiler reads from its feed rather than computes. */
  private isFed(node: ExpressionNode): boolean {
    return this.feed !== undefined && node !== this.root && node.kind === 'call' && INDICATORS.has(node.name);
  }

  /** The slot holding `node`'s value at each bar, and whether it is a number or a condition. */
  compile(node: ExpressionNode): Compiled {
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
        return this.isFed(node) ? this.fed(node, this.feed!) : { slot: this.call(node.name, node.args), type: 'number' };
      case 'negate':
      case 'not':
      case 'binary':
        return this.materialize(node);
    }
  }

  /** An operator's value written into a slot every bar, for a step that takes it in. */
  private materialize(node: ExpressionNode): Compiled {
    const v = this.values;
    const slot = this.slot(`value:${canonicalKey(node, this.parameters)}`, (out) => {
      const read = this.read(node);
      return () => (v[out] = read());
    });
    return { slot, type: valueType(node) };
  }

  /** `node`'s value at the current bar, computed when called, once this bar's steps have run. */
  read(node: ExpressionNode): Read {
    const operand = this.operand(node);
    if ('read' in operand) return operand.read;
    if ('series' in operand) {
      const { series } = operand;
      const clock = this.tickingClock();
      return () => series[clock.bar]!;
    }
    const { slot } = operand;
    const v = this.values;
    return () => v[slot]!;
  }

  /** Where `node`'s value is found at the current bar: operators are reads, a sweep's computed series is read by bar, anything else has a slot. */
  private operand(node: ExpressionNode): Operand {
    switch (node.kind) {
      case 'number':
        return { read: () => node.value };
      case 'parameter': {
        const value = this.length(node);
        return { read: () => value };
      }
      case 'negate':
      case 'not':
        return { read: unaryRead(node.kind, this.read(node.operand)) };
      case 'binary':
        return { read: binaryRead(node.operator, this.read(node.left), this.read(node.right)) };
      case 'call': {
        if (OPERATIONS.has(node.name)) return { read: this.operation(node.name, node.args) };
        if (!this.isFed(node)) break;
        const { series } = this.feedSource(node, this.feed!);
        if (series) return { series };
        break;
      }
      default:
        break;
    }
    return { slot: this.compile(node).slot };
  }

  /** An indicator read from the feed, one value per bar; equal keys (whatever names gave the lengths) share one slot. */
  private fed(node: CallNode, feed: IndicatorFeed): Compiled {
    const { key, step, series } = this.feedSource(node, feed);
    const v = this.values;
    const clock = this.tickingClock();
    const slot = this.slot(`fed:${key}`, (out) => (series ? () => (v[out] = series[clock.bar]!) : () => (v[out] = step(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!))));
    return { slot, type: 'number' };
  }

  /** The feed's stepper of an indicator, asked for once per key; its computed series, when the feed has one, is read by bar without a step. */
  private feedSource(node: CallNode, feed: IndicatorFeed): FeedSource {
    const definition = indicatorDefinition(node, this.parameters);
    let source = this.sources.get(definition.key);
    if (!source) {
      const step = feed(definition);
      source = { key: definition.key, step, series: seriesOf(step) };
      this.sources.set(definition.key, source);
    }
    return source;
  }

  private lookback(target: ExpressionNode, offset: number): Compiled {
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

  /** The functions of this bar's values: `abs`, `min`, `max` and a crossover's test of its sign. */
  private operation(name: string, args: ExpressionNode[]): Read {
    switch (name) {
      case 'abs':
        return unaryRead('abs', this.read(args[0]!));
      case 'min':
      case 'max':
        return extremeRead(name, this.read(args[0]!), this.read(args[1]!));
      case 'crossover':
      case 'crossunder': {
        // crossover(a, b) and crossunder(a, b) read one sign state of a − b (contract §7's rule: ties keep the previous sign).
        const key = `cross:${canonicalKey(args[0]!, this.parameters)},${canonicalKey(args[1]!, this.parameters)}`;
        const cross = this.slot(key, (out) => this.crossStep(args[0]!, args[1]!, out));
        const wanted = name === 'crossover' ? 1 : -1;
        const v = this.values;
        // Local copies: under the CommonJS transform of the sources, an imported binding is read through a getter.
        const [yes, no] = [TRUE, FALSE];
        return () => (v[cross] === wanted ? yes : no);
      }
      default:
        throw new Error(`function ${name} is not an operation`);
    }
  }

  /**
   * The step updating the sign of a − b: two indicators (the common shape) are
   * read straight from their slots, or from a sweep's series at this bar,
   * without a closure call for each.
   */
  private crossStep(left: ExpressionNode, right: ExpressionNode, out: number): Step {
    const a = this.operand(left);
    const b = this.operand(right);
    const v = this.values;
    const sign = new CrossoverSign();
    if ('slot' in a && 'slot' in b) {
      const [x, y] = [a.slot, b.slot];
      return () => (v[out] = sign.update(v[x]! - v[y]!));
    }
    if ('series' in a && 'series' in b) {
      const [x, y] = [a.series, b.series];
      const clock = this.tickingClock();
      return () => {
        const bar = clock.bar;
        v[out] = sign.update(x[bar]! - y[bar]!);
      };
    }
    const [x, y] = [this.read(left), this.read(right)];
    return () => (v[out] = sign.update(x() - y()));
  }

  /** An indicator computed by this compiler's steps; returns its slot. */
  private call(name: string, args: ExpressionNode[]): number {
    const v = this.values;
    if (name === 'atr') {
      const n = this.length(args[0] as LengthNode);
      return this.slot(`atr:${n}`, (out) => atrStep(v, n, out));
    }
    const x = this.compile(args[0]!).slot;
    const n = this.length(args[1] as LengthNode);
    return this.slot(`${name}:${x},${n}`, (out) => indicatorStep(name, v, x, n, out, this.windows));
  }
}

/** The series of one indicator call: its own compiled steps, its inner indicators read from the feed in turn. */
function indicatorDefinition(node: CallNode, parameters: ReadonlyMap<string, number>): IndicatorDefinition {
  return {
    key: canonicalKey(node, parameters),
    create(feed): BarStep {
      const compiler = new Compiler(parameters, countNodes(node), feed, node);
      const slot = compiler.compile(node).slot;
      const { values } = compiler;
      const steps = compiler.finish();
      return (open, high, low, close, volume) => {
        enterBar(values, open, high, low, close, volume);
        steps();
        return values[slot]!;
      };
    },
  };
}
