import type { TemplateFieldsFragment } from '../graphql/generated';

/** The template select of the backtest, sweep and strategy forms, with the chosen template's description as its hint. */
export function TemplatePicker({
  id,
  templates,
  value,
  onChange,
}: {
  id: string;
  templates: TemplateFieldsFragment[];
  value: string;
  onChange: (id: string) => void;
}) {
  const template = templates.find((candidate) => candidate.id === value);
  return (
    <div class="field">
      <label for={id}>Template</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={`${id}-hint`}>
        {templates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      <small id={`${id}-hint`} class="hint">
        {template?.description}
      </small>
    </div>
  );
}
