import { humanize } from './format';

/** The part of a template's JSON Schema (contract §7) the form reads. */
export interface ParamSchema {
  type?: string;
  enum?: (string | number)[];
  default?: unknown;
  examples?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface ParamsSchema {
  properties?: Record<string, ParamSchema>;
  required?: string[];
}

/** Form values are the inputs' text; an empty optional field is left out of the params. */
export type ParamValues = Record<string, string>;

export function schemaOf(value: unknown): ParamsSchema {
  return typeof value === 'object' && value !== null ? value : {};
}

export function isNumeric(param: ParamSchema): boolean {
  return (param.type === 'integer' || param.type === 'number') && !param.enum;
}

/** A param's default, else its published example, as input text (empty without either). */
export function exampleValue(param: ParamSchema): string {
  const example = param.default ?? param.examples?.[0];
  return typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean' ? String(example) : '';
}

/** A working example: each param's default, else its published example, else empty. */
export function exampleValues(paramsSchema: unknown): ParamValues {
  const properties = schemaOf(paramsSchema).properties ?? {};
  return Object.fromEntries(Object.entries(properties).map(([name, param]) => [name, exampleValue(param)]));
}

/** The params object to send: numbers as numbers, empty optional fields omitted. */
export function paramsFrom(paramsSchema: unknown, values: ParamValues): Record<string, unknown> {
  const properties = schemaOf(paramsSchema).properties ?? {};
  const params: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(properties)) {
    const text = values[name]?.trim() ?? '';
    if (text === '') continue;
    params[name] = param.type === 'integer' || param.type === 'number' ? Number(text) : param.type === 'boolean' ? text === 'true' : text;
  }
  return params;
}

interface ParamsFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  paramsSchema: unknown;
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  legend?: string;
}

/** One labelled input per param of the schema, with its description as the hint and its bounds as the input's. */
export function ParamsFields({ idPrefix, paramsSchema, values, onChange, legend = 'Template parameters' }: ParamsFieldsProps) {
  const schema = schemaOf(paramsSchema);
  const required = new Set(schema.required ?? []);
  return (
    <fieldset class="params">
      <legend>{legend}</legend>
      {Object.entries(schema.properties ?? {}).map(([name, param]) => {
        const id = `${idPrefix}-${name}`;
        const hint = param.description ? `${id}-hint` : undefined;
        const set = (value: string) => onChange({ ...values, [name]: value });
        const numeric = param.type === 'integer' || param.type === 'number';
        return (
          <div class="field" key={name}>
            <label for={id}>
              {humanize(name)}
              {required.has(name) ? ' (required)' : ''}
            </label>
            {param.enum ? (
              <select id={id} value={values[name] ?? ''} onChange={(event) => set(event.currentTarget.value)} aria-describedby={hint}>
                {!required.has(name) && param.default === undefined && <option value="">–</option>}
                {param.enum.map((option) => (
                  <option key={option} value={String(option)}>
                    {String(option)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={name}
                type={numeric ? 'number' : 'text'}
                inputMode={numeric ? 'decimal' : undefined}
                step={param.type === 'integer' ? 1 : 'any'}
                min={param.minimum ?? param.exclusiveMinimum}
                max={param.maximum ?? param.exclusiveMaximum}
                required={required.has(name)}
                value={values[name] ?? ''}
                onInput={(event) => set(event.currentTarget.value)}
                aria-describedby={hint}
              />
            )}
            {hint && (
              <small id={hint} class="hint">
                {param.description}
              </small>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
