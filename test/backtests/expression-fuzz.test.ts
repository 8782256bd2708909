import type { SignedErrorBody } from '../../src/rest/error-responses';
import fc from 'fast-check';
import { findTemplate, validateTemplateParams, type Position } from '../../src/engine/templates';
import { AppError } from '../../src/errors/app-error';
import { validateExpression } from '../../src/services/backtests/expression-validation';
import { randomWalk } from '../engine/candle-factory';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { finishedJob, jobBody } from '../support/backtest';
import { newAccount, startOutsideWorld, type OutsideWorld, type SignedClient } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Contract §17: whatever a user writes, the answer is a value or a 400 with
 * its field, never a 5xx, and nothing runs as program code. fast-check
 * builds expressions from the grammar (valid and ill-typed), mutates them
 * (deleted, inserted and swapped characters, foreign tokens such as
 * `process.exit(1)`, `__proto__`, `"text"`), and draws raw strings over the
 * language's characters, with named numbers present, missing, extra or wrong.
 */
/** 5,000 expressions in all; most in-process, where each costs microseconds rather than a signed HTTP round trip. */
const RUNS = { inProcess: 4_820, validateOverHttp: 100, jobsOverHttp: 80 };

const depth = { depthSize: 'small', maxDepth: 3 } as const;
const length = fc.oneof(
  { weight: 20, arbitrary: fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.constantFrom('n', 'fast')) },
  { weight: 1, arbitrary: fc.constantFrom('0', '10001', '2.5', '-1', 'close', 'n + 1') },
);
const offset = fc.oneof(
  { weight: 20, arbitrary: fc.oneof(fc.integer({ min: 0, max: 5 }).map(String), fc.constant('n')) },
  { weight: 1, arbitrary: fc.constantFrom('10001', '1.5', 'close') },
);

const grammar = fc.letrec<{ number: string; condition: string }>((tie) => ({
  number: fc.oneof(
    depth,
    fc.constantFrom('open', 'high', 'low', 'close', 'volume', 'n', 'fast', '0', '1', '0.5', '30', 'unknown_name'),
    fc.tuple(tie('number'), fc.constantFrom('+', '-', '*', '/'), tie('number')).map(([a, operator, b]) => `${a} ${operator} ${b}`),
    tie('number').map((a) => `-${a}`),
    tie('number').map((a) => `(${a})`),
    fc.tuple(fc.constantFrom('sma', 'ema', 'rsi', 'stdev', 'highest', 'lowest'), tie('number'), length).map(([name, x, n]) => `${name}(${x}, ${n})`),
    length.map((n) => `atr(${n})`),
    tie('number').map((x) => `abs(${x})`),
    fc.tuple(fc.constantFrom('min', 'max'), tie('number'), tie('number')).map(([name, a, b]) => `${name}(${a}, ${b})`),
    fc.tuple(tie('number'), offset).map(([x, k]) => `(${x})[${k}]`),
    // ill-typed on purpose, now and then: a condition where a number is expected
    fc.constantFrom('(close > 1) + 1'),
  ),
  condition: fc.oneof(
    depth,
    fc.tuple(tie('number'), fc.constantFrom('<', '<=', '>', '>=', '==', '!='), tie('number')).map(([a, operator, b]) => `${a} ${operator} ${b}`),
    fc.tuple(fc.constantFrom('crossover', 'crossunder'), tie('number'), tie('number')).map(([name, a, b]) => `${name}(${a}, ${b})`),
    fc.tuple(tie('condition'), fc.constantFrom('and', 'or'), tie('condition')).map(([a, operator, b]) => `${a} ${operator} ${b}`),
    tie('condition').map((c) => `not ${c}`),
    tie('condition').map((c) => `(${c})`),
    fc.tuple(tie('condition'), offset).map(([c, k]) => `(${c})[${k}]`),
  ),
}));

const FOREIGN = [
  '(',
  ')',
  '[',
  ']',
  ',',
  ' and ',
  ' not ',
  '"text"',
  'constructor',
  '__proto__',
  'this',
  'process.exit(1)',
  '.',
  '&&',
  '=',
  '\u0000',
  '1e5',
  '🙂',
  '\n',
  '$',
  'Function("x")',
];
type Edit = { at: number; kind: 'delete' | 'insert' | 'swap'; token: string };
const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(), kind: fc.constantFrom('delete', 'insert', 'swap'), token: fc.constantFrom(...FOREIGN) });

function mutate(source: string, edits: Edit[]): string {
  return edits.reduce((text, { at, kind, token }) => {
    const index = text.length === 0 ? 0 : at % text.length;
    if (kind === 'delete') return text.slice(0, index) + text.slice(index + 1);
    if (kind === 'insert') return text.slice(0, index) + token + text.slice(index);
    return text.slice(0, index) + (text[index + 1] ?? '') + (text[index] ?? '') + text.slice(index + 2);
  }, source);
}

const rule = fc.oneof(
  { weight: 8, arbitrary: grammar.condition },
  { weight: 3, arbitrary: fc.tuple(grammar.condition, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([source, edits]) => mutate(source, edits)) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'()[],.<>=!+-*/ 0123456789abcnotrdsmaex_"\''.split('')), maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `close > ${'('.repeat(40)}1${')'.repeat(40)}`,
      `close > ${'abs('.repeat(70)}1${')'.repeat(70)}`,
      `close > ${'1 + '.repeat(300)}1`,
      'x'.repeat(1_200),
    ),
  },
);
const NAMES = ['n', 'fast', 'unknown_name'];
const namedValue = fc.oneof(fc.integer({ min: -2, max: 12_000 }), fc.constantFrom(0.5, 1e300, -0, 'ten', null, [1]));
/** Named numbers: none, drawn at random (often missing or extra), or exactly those the rules name, with values that fit any length. */
const paramsFor = (entry: string, exit: string) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.record({ n: namedValue, fast: namedValue, extra: namedValue }, { requiredKeys: [] }),
    },
    {
      weight: 4,
      arbitrary: fc
        .integer({ min: 1, max: 30 })
        .map((value) => Object.fromEntries(NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(`${entry} ${exit}`)).map((name) => [name, value]))),
    },
  );
const rules = fc.tuple(rule, rule).chain(([entry, exit]) => paramsFor(entry, exit).map((params) => ({ entry, exit, params })));

const bars = randomWalk(300, 5);

/** Runs an accepted pair of rules over a few hundred bars: it must decide without throwing. */
function runAccepted(entry: string, exit: string, named: Record<string, unknown> | undefined): void {
  const validation = validateTemplateParams('expression', { ...named, entry, exit });
  if (!validation.ok) return;
  const strategy = findTemplate('expression')!.createStrategy(validation.params);
  const positions = new Set<Position>();
  for (let bar = 0; bar < bars.close.length; bar++) {
    positions.add(strategy.onBar(bars.open[bar]!, bars.high[bar]!, bars.low[bar]!, bars.close[bar]!, bars.volume[bar]!));
  }
  for (const position of positions) expect([0, 1]).toContain(position);
}

/** The error body's shape, checked field by field (jest's asymmetric matchers are typed `any`). */
function expectInvalidParameter(body: SignedErrorBody, field: RegExp): void {
  expect(Object.keys(body.error).sort()).toEqual(['code', 'field', 'message']);
  expect(body.error.code).toBe('INVALID_PARAMETER');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.field).toMatch(field);
}

const FIELD = /^(params\.[A-Za-z_][A-Za-z0-9_]*|entry|exit|params)$/;

describe('expression fuzzing (contract §17: every answer 200 or 400, never 5xx)', () => {
  it(`the validator answers ${RUNS.inProcess} generated and mutated expressions with a value or INVALID_PARAMETER naming a field`, () => {
    const outcomes = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(rules, ({ entry, exit, params: named }) => {
        try {
          const answer = validateExpression({ entry, exit, ...(named === undefined ? {} : { params: named }) });
          expect(answer.valid).toBe(true);
          outcomes.valid++;
          runAccepted(entry, exit, named);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          expect(error.code).toBe('INVALID_PARAMETER');
          expect(error.field).toMatch(FIELD);
          expect(error.message).toMatch(/^(params\.|entry|exit)/);
          outcomes.invalid++;
        }
      }),
      { numRuns: RUNS.inProcess, seed: 26 },
    );
    // Both kinds of answer occur, so neither branch above is vacuous.
    expect(outcomes.valid).toBeGreaterThan(RUNS.inProcess / 25);
    expect(outcomes.invalid).toBeGreaterThan(RUNS.inProcess / 4);
  });

  describe('over HTTP', () => {
    let world: OutsideWorld;
    let exchange: ExchangeStandIn;
    let service: TestService;
    let call: SignedClient;

    beforeAll(async () => {
      world = await startOutsideWorld();
      exchange = await startExchangeStandIn();
      // The weight budget would otherwise stop the run after 60 job requests a minute; it is not what this test is about.
      service = await startTestService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, BACKTEST_WORKERS: '1', SIGNED_WEIGHT_PER_MIN: '1000000' });
      call = (await newAccount(service.url, world, 'expr-fuzz@example.com', ['webhooks:write'])).call;
    });
    afterAll(async () => {
      await service.stop();
      await exchange.close();
      await world.stop();
    });

    it(`POST /v1/backtest/expressions/validate and POST /v1/backtest/jobs answer ${RUNS.validateOverHttp + RUNS.jobsOverHttp} expressions with 200 or 400; the service stays up and runs accepted ones`, async () => {
      await fc.assert(
        fc.asyncProperty(rules, async ({ entry, exit, params: named }) => {
          const response = await call<SignedErrorBody>('POST', '/v1/backtest/expressions/validate', {
            entry,
            exit,
            ...(named === undefined ? {} : { params: named }),
          });
          expect([200, 400]).toContain(response.status);
          if (response.status === 400) expectInvalidParameter(response.body, FIELD);
        }),
        { numRuns: RUNS.validateOverHttp, seed: 27 },
      );

      const accepted: Record<string, unknown>[] = [];
      await fc.assert(
        fc.asyncProperty(rules, async ({ entry, exit, params: named }) => {
          // Capital below the template minimum is checked after the params: an accepted expression answers 400 on `capital`
          // instead of queueing a job, so hundreds of requests stay within the active-job cap.
          const body = jobBody({ template_id: 'expression', params: { ...named, entry, exit }, capital: '1' });
          const response = await call<SignedErrorBody>('POST', '/v1/backtest/jobs', body);
          expect(response.status).toBe(400);
          expectInvalidParameter(response.body, /^(capital|params(\.[A-Za-z_][A-Za-z0-9_]*)?)$/);
          if (response.body.error.field === 'capital' && accepted.length < 2) accepted.push(body);
        }),
        { numRuns: RUNS.jobsOverHttp, seed: 28 },
      );

      expect(accepted).toHaveLength(2);
      for (const body of accepted) {
        const job = await finishedJob(call, { ...body, capital: '10000' });
        expect(job.status).toBe('done');
      }
      expect((await call('GET', '/v1/backtest/templates')).status).toBe(200);
    }, 60_000);
  });
});
