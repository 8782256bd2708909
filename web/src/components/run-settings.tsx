import { graphQLTimeframe, TIMEFRAME_MS } from '../api/klines';

const DAY_MS = 86_400_000;

/** The run fields a backtest job and a sweep share (contract §7, §13), as the inputs' text. */
export interface RunSettings {
  symbol: string;
  timeframe: string;
  start: string;
  end: string;
  capital: string;
  leverage: string;
}

/** The example a new user can run as it stands: a liquid symbol over the last `days` whole days, hourly. */
export function exampleSettings(days = 30): RunSettings {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { symbol: 'BTCUSDT', timeframe: '1h', start: day(end - days * DAY_MS), end: day(end), capital: '10000', leverage: '1' };
}

/** The fields of a job or sweep input that `settings` give. */
export function runInput(settings: RunSettings) {
  return {
    symbols: settings.symbol
      .split(',')
      .map((symbol) => symbol.trim().toUpperCase())
      .filter(Boolean),
    timeframe: graphQLTimeframe(settings.timeframe),
    start: `${settings.start}T00:00:00Z`,
    end: `${settings.end}T00:00:00Z`,
    capital: settings.capital,
    leverage: Number(settings.leverage),
  };
}

export function TextField({
  id,
  label,
  value,
  onInput,
  type = 'text',
  ...rest
}: { id: string; label: string; value: string; onInput: (value: string) => void; type?: string } & Record<string, unknown>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type={type} required value={value} onInput={(event) => onInput(event.currentTarget.value)} {...rest} />
    </div>
  );
}

/** Symbol, timeframe, range, capital and leverage inputs; ids start with `idPrefix`. */
export function RunSettingsFields({
  idPrefix,
  settings,
  minCapital,
  onChange,
}: {
  idPrefix: string;
  settings: RunSettings;
  minCapital: string;
  onChange: (settings: RunSettings) => void;
}) {
  const set = (name: keyof RunSettings) => (value: string) => onChange({ ...settings, [name]: value });
  return (
    <>
      <TextField id={`${idPrefix}-symbols`} label="Symbols (comma-separated)" value={settings.symbol} onInput={set('symbol')} autoComplete="off" />
      <div class="field">
        <label for={`${idPrefix}-timeframe`}>Timeframe</label>
        <select id={`${idPrefix}-timeframe`} value={settings.timeframe} onChange={(event) => set('timeframe')(event.currentTarget.value)}>
          {Object.keys(TIMEFRAME_MS).map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <TextField id={`${idPrefix}-start`} label="Start (UTC)" type="date" value={settings.start} onInput={set('start')} />
      <TextField id={`${idPrefix}-end`} label="End (UTC, exclusive)" type="date" value={settings.end} onInput={set('end')} />
      <TextField id={`${idPrefix}-capital`} label={`Capital (at least ${minCapital})`} inputMode="decimal" value={settings.capital} onInput={set('capital')} />
      <TextField id={`${idPrefix}-leverage`} label="Leverage" type="number" min={1} max={125} step={1} value={settings.leverage} onInput={set('leverage')} />
    </>
  );
}
