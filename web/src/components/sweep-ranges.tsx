import { humanize } from './format';
import { exampleValue, isNumeric, schemaOf, type ParamSchema } from './params-form';

/** One numeric param's values in a sweep (contract §13): `{from, to, step}` inclusive, as the inputs' text. */
export interface SweepRange {
  from: string;
  to: string;
  step: string;
}

export type SweepRanges = Record<string, SweepRange>;

/** The numeric params of a template, its own (required) ones first. */
export function numericParams(paramsSchema: unknown): [string, ParamSchema][] {
  const schema = schemaOf(paramsSchema);
  const required = new Set(schema.required ?? []);
  const numeric = Object.entries(schema.properties ?? {}).filter(([, param]) => isNumeric(param));
  return [...numeric.filter(([name]) => required.has(name)), ...numeric.filter(([name]) => !required.has(name))];
}

/**
 * A small sweep that finishes in seconds: the first two numeric params take
 * three values around their example (a 3 × 3 grid for the heatmap), the
 * others stay at their example; a param without one is left out.
 */
export function exampleRanges(paramsSchema: unknown): SweepRanges {
  return Object.fromEntries(
    numericParams(paramsSchema).map(([name, param], index): [string, SweepRange] => {
      const text = exampleValue(param);
      const value = Number(text);
      if (text === '' || index >= 2) return [name, { from: text, to: text, step: '1' }];
      const step = param.type === 'integer' ? Math.max(1, Math.round(value / 2)) : Math.abs(value) / 2 || 1;
      const from = Math.max(param.minimum ?? param.exclusiveMinimum ?? -Infinity, value - step);
      const to = Math.min(param.maximum ?? param.exclusiveMaximum ?? Infinity, value + step);
      return [name, { from: String(from), to: String(to), step: String(step) }];
    }),
  );
}

/** The sweep's params for the numeric ranges: one value when from = to, else the range; empty ranges are left out. */
export function rangeParams(ranges: SweepRanges): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, range] of Object.entries(ranges)) {
    if (range.from.trim() === '') continue;
    const from = Number(range.from);
    const to = range.to.trim() === '' ? from : Number(range.to);
    params[name] = from === to ? from : { from, to, step: Number(range.step) };
  }
  return params;
}

/** From, to and step inputs for each numeric param, grouped per param for screen readers. */
export function SweepRangeFields({
  idPrefix,
  paramsSchema,
  ranges,
  onChange,
}: {
  idPrefix: string;
  paramsSchema: unknown;
  ranges: SweepRanges;
  onChange: (ranges: SweepRanges) => void;
}) {
  return (
    <>
      {numericParams(paramsSchema).map(([name, param]) => {
        const range = ranges[name] ?? { from: '', to: '', step: '1' };
        const input = (part: keyof SweepRange, label: string) => (
          <div class="field">
            <label for={`${idPrefix}-${name}-${part}`}>{label}</label>
            <input
              id={`${idPrefix}-${name}-${part}`}
              type="number"
              inputMode="decimal"
              step="any"
              min={part === 'step' ? undefined : (param.minimum ?? param.exclusiveMinimum)}
              max={part === 'step' ? undefined : (param.maximum ?? param.exclusiveMaximum)}
              required={part !== 'to' && range.from !== ''}
              value={range[part]}
              onInput={(event) => onChange({ ...ranges, [name]: { ...range, [part]: event.currentTarget.value } })}
            />
          </div>
        );
        return (
          <fieldset class="range" key={name} aria-describedby={param.description ? `${idPrefix}-${name}-hint` : undefined}>
            <legend>{humanize(name)}</legend>
            {input('from', 'From')}
            {input('to', 'To')}
            {input('step', 'Step')}
            {param.description && (
              <small id={`${idPrefix}-${name}-hint`} class="hint">
                {param.description}
              </small>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
