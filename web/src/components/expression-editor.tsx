import { useEffect, useRef, useState } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { errorMessage, execute, GraphQLRequestError } from '../api/graphql-client';
import { ValidateStrategyExpressionDocument } from '../graphql/generated';
import { ExpressionReference } from './expression-reference';
import { ParamsFields, paramsFrom, schemaOf, type ParamsSchema, type ParamValues } from './params-form';
import { rangeParams, SweepRangeFields, type SweepRanges } from './sweep-ranges';

/** The template whose rules the user writes (contract §17). */
export const EXPRESSION_TEMPLATE = 'expression';
const RULES = ['entry', 'exit'] as const;
type Rule = (typeof RULES)[number];
/** Long enough that a fast typist sends one check per pause, short enough to feel immediate. */
const CHECK_DELAY_MS = 300;

/** The rules and their named numbers as the inputs' text: one value each for a run, a range each for a sweep. */
export interface ExpressionRules {
  entry: string;
  exit: string;
  /** The named numbers the rules use, from the last successful check. */
  parameters: string[];
  numbers: ParamValues;
  ranges: SweepRanges;
}

/** A moving-average cross with its lengths as named numbers: runs as it stands and shows how names become inputs. */
export const EXAMPLE_RULES: ExpressionRules = {
  entry: 'crossover(sma(close, fast), sma(close, slow))',
  exit: 'crossunder(sma(close, fast), sma(close, slow))',
  parameters: ['fast', 'slow'],
  numbers: { fast: '10', slow: '30' },
  ranges: { fast: { from: '5', to: '15', step: '5' }, slow: { from: '20', to: '40', step: '10' } },
};

/** Rules from elsewhere (a public strategy record); their named numbers appear once checked. */
export function rulesOf(entry: string, exit: string): ExpressionRules {
  return { entry, exit, parameters: [], numbers: {}, ranges: {} };
}

/** A template's params schema without `entry` and `exit`, which the editor shows instead of plain inputs. */
export function withoutRules(paramsSchema: unknown): ParamsSchema {
  const schema = schemaOf(paramsSchema);
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !(RULES as readonly string[]).includes(name)));
  return { ...schema, properties, required: schema.required?.filter((name) => name in properties) };
}

function numbersSchema(names: string[]): ParamsSchema {
  return { properties: Object.fromEntries(names.map((name) => [name, { type: 'number', description: 'A named number in the rules.' }])), required: names };
}

/** The params the rules add to a job (`numbers`) or a sweep (`ranges`); none for another template. */
export function ruleParams(templateId: string, rules: ExpressionRules, use: 'numbers' | 'ranges'): Record<string, unknown> {
  if (templateId !== EXPRESSION_TEMPLATE) return {};
  const named = use === 'numbers' ? paramsFrom(numbersSchema(rules.parameters), rules.numbers) : rangeParams(pick(rules.ranges, rules.parameters));
  return { entry: rules.entry, exit: rules.exit, ...named };
}

function pick<Value>(values: Record<string, Value>, names: string[]): Record<string, Value> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

type Check =
  | { state: 'checking' }
  | { state: 'valid'; parameters: string[]; warmupBars: number | null | undefined }
  | { state: 'invalid'; rule?: Rule; column?: number; message: string };

/** The validate operation's answer as the editor shows it: an INVALID_PARAMETER names the rule (`params.entry`) and the column in its message. */
export function checkFailure(failure: unknown): Extract<Check, { state: 'invalid' }> {
  if (!(failure instanceof GraphQLRequestError) || failure.code !== 'INVALID_PARAMETER') return { state: 'invalid', message: errorMessage(failure) };
  const rule = RULES.find((name) => failure.field === `params.${name}`);
  const column = /\bat column (\d+)/.exec(failure.message)?.[1];
  return { state: 'invalid', rule, column: column === undefined ? undefined : Number(column), message: failure.message.replace(/^params\.\w+: /, '') };
}

/** The line of `text` that holds the 1-based `column`, with a caret under that column. */
function ColumnMarker({ text, column }: { text: string; column: number }) {
  const lineStart = text.lastIndexOf('\n', column - 2) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return (
    <pre class="expression-caret" aria-hidden="true" data-testid="expression-caret">
      {line}
      {'\n'}
      {' '.repeat(Math.max(0, column - 1 - lineStart))}^
    </pre>
  );
}

/**
 * The expression template's entry and exit rules, checked by the service's
 * validate operation as the user types (one call per pause): an error shows
 * under its rule with a caret at its column; a valid pair shows an input per
 * named number (a range each in a sweep) and the warm-up the rules need.
 */
export function ExpressionEditor({
  idPrefix,
  credentials,
  rules,
  onChange,
  use,
}: {
  idPrefix: string;
  credentials: Credentials;
  rules: ExpressionRules;
  onChange: (rules: ExpressionRules) => void;
  use: 'numbers' | 'ranges';
}) {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  // A check's answer lands on the rules as they are then: the user may have typed a number meanwhile.
  const latest = useRef(rules);
  latest.current = rules;
  useEffect(() => {
    let current = true;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      execute(credentials, ValidateStrategyExpressionDocument, { entry: rules.entry, exit: rules.exit }).then(
        ({ validateStrategyExpression: answer }) => {
          if (!current) return;
          setCheck({ state: 'valid', parameters: answer.parameters, warmupBars: answer.warmupBars });
          const { numbers, ranges } = latest.current;
          onChange({
            ...latest.current,
            parameters: answer.parameters,
            numbers: Object.fromEntries(answer.parameters.map((name) => [name, numbers[name] ?? ''])),
            ranges: Object.fromEntries(answer.parameters.map((name) => [name, ranges[name] ?? { from: '', to: '', step: '1' }])),
          });
        },
        (failure: unknown) => current && setCheck(checkFailure(failure)),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [rules.entry, rules.exit]);

  const ruleField = (rule: Rule, label: string) => {
    const id = `${idPrefix}-${rule}`;
    const problem = check.state === 'invalid' && check.rule === rule ? check : undefined;
    return (
      <div class="field expression-rule">
        <label for={id}>{label}</label>
        <textarea
          id={id}
          rows={3}
          spellcheck={false}
          autoComplete="off"
          required
          value={rules[rule]}
          onInput={(event) => onChange({ ...rules, [rule]: event.currentTarget.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem && (
          <div class="expression-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
            {problem.column !== undefined && <ColumnMarker text={rules[rule]} column={problem.column} />}
            <p>{problem.message}</p>
          </div>
        )}
      </div>
    );
  };

  const schema = numbersSchema(rules.parameters);
  return (
    <fieldset class="params expression-editor">
      <legend>Rules</legend>
      <div class="expression-rules">
        {ruleField('entry', 'Entry: open a position when')}
        {ruleField('exit', 'Exit: close it when')}
      </div>
      <p class="hint" role="status" id={`${idPrefix}-check`}>
        {check.state === 'checking'
          ? 'Checking the rules…'
          : check.state === 'valid'
            ? `Valid. ${check.parameters.length ? `Named numbers: ${check.parameters.join(', ')}.` : 'No named numbers.'}${check.warmupBars == null ? '' : ` Both rules are defined from bar ${check.warmupBars}.`}`
            : check.rule
              ? `The ${check.rule} rule has an error.`
              : ''}
      </p>
      {check.state === 'invalid' && !check.rule && (
        <p class="message error" role="alert">
          {check.message}
        </p>
      )}
      <ExpressionReference id={`${idPrefix}-reference`} />
      {rules.parameters.length > 0 &&
        (use === 'numbers' ? (
          <ParamsFields
            idPrefix={`${idPrefix}-number`}
            legend="Named numbers"
            paramsSchema={schema}
            values={rules.numbers}
            onChange={(numbers) => onChange({ ...rules, numbers })}
          />
        ) : (
          <fieldset class="params ranges">
            <legend>Named numbers (from, to and step, inclusive)</legend>
            <SweepRangeFields
              idPrefix={`${idPrefix}-number`}
              paramsSchema={schema}
              ranges={rules.ranges}
              onChange={(ranges) => onChange({ ...rules, ranges })}
            />
          </fieldset>
        ))}
    </fieldset>
  );
}
