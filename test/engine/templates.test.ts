import { findTemplate, listTemplates, templateCatalogue, validateTemplateParams, type Position } from '../../src/engine/templates';
import { barsFromCloses, type Bar } from './candle-factory';
import { defined } from '../support/defined';
import { matching } from '../support/matchers';

/** Feeds bars one at a time to a fresh instance, as the live runtime does, and collects its decisions. */
function decisions(templateId: string, params: Record<string, unknown>, bars: Bar[]): Position[] {
  const template = findTemplate(templateId)!;
  const validation = template.validateParams(params);
  if (!validation.ok) throw new Error(validation.error.message);
  const strategy = template.createStrategy(validation.params);
  return bars.map(([open, high, low, close]) => strategy.onBar(open, high, low, close, 1));
}

describe('template catalogue (contract §7)', () => {
  it('lists the six templates and `expression` with a JSON Schema of their params and a minimum capital', () => {
    expect(listTemplates().map((template) => template.id)).toEqual([
      'sma_cross',
      'ema_cross',
      'rsi_reversion',
      'bollinger_breakout',
      'donchian_breakout',
      'macd_trend',
      'expression',
    ]);
    const templates = listTemplates().filter((template) => template.id !== 'expression');
    const ownParams: Record<string, string[]> = {
      sma_cross: ['fast', 'slow'],
      ema_cross: ['fast', 'slow'],
      rsi_reversion: ['period', 'oversold', 'overbought'],
      bollinger_breakout: ['period', 'stddev'],
      donchian_breakout: ['entry_period', 'exit_period'],
      macd_trend: ['fast', 'slow', 'signal'],
    };
    for (const template of templates) {
      expect(template.name).toEqual(expect.any(String));
      expect(template.description).toEqual(expect.any(String));
      expect(template.minCapital).toBe('10');
      expect(template.paramsSchema).toMatchObject({ type: 'object', additionalProperties: false, required: ownParams[template.id] });
      const own = defined(ownParams[template.id], `the params of ${template.id}`);
      expect(Object.keys(template.paramsSchema.properties as object)).toEqual([
        ...own,
        'side',
        'position_size',
        'stop_loss_pct',
        'take_profit_pct',
        'trailing_stop_pct',
        'max_drawdown_pct',
        'daily_loss_pct',
        'cooldown_bars',
      ]);
    }
    expect(templates[0]?.paramsSchema.properties).toMatchObject({
      fast: { type: 'integer', minimum: 1 },
      side: { type: 'string', enum: ['long', 'short', 'both'], default: 'long' },
      position_size: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 1 },
    });
  });

  it('publishes `expression` with entry and exit required, long or short, and any other name a number (contract §17)', () => {
    const expression = defined(findTemplate('expression'), 'the expression template').metadata;
    expect(expression.minCapital).toBe('10');
    expect(expression.paramsSchema).toMatchObject({ type: 'object', required: ['entry', 'exit'], additionalProperties: { type: 'number' } });
    expect(Object.keys(expression.paramsSchema.properties as object)).toEqual([
      'entry',
      'exit',
      'side',
      'position_size',
      'stop_loss_pct',
      'take_profit_pct',
      'trailing_stop_pct',
      'max_drawdown_pct',
      'daily_loss_pct',
      'cooldown_bars',
    ]);
    expect(expression.paramsSchema.properties).toMatchObject({ side: { enum: ['long', 'short'], default: 'long' }, entry: { type: 'string' } });
  });

  it('serves the catalogue in wire names: id, name, description, params_schema, min_capital', () => {
    const sma = defined(templateCatalogue()[0], 'the first template');
    expect(Object.keys(sma)).toEqual(['id', 'name', 'description', 'params_schema', 'min_capital']);
    expect(sma).toMatchObject({ id: 'sma_cross', min_capital: '10', params_schema: { type: 'object' } });
  });

  it('publishes an example for every required param, and the examples together are valid params', () => {
    for (const template of listTemplates()) {
      const properties = template.paramsSchema.properties as Record<string, { examples?: unknown[] }>;
      const required = template.paramsSchema.required as string[];
      const example = Object.fromEntries(required.map((name) => [name, properties[name]?.examples?.[0]]));
      expect(Object.values(example)).not.toContain(undefined);
      expect(validateTemplateParams(template.id, example)).toMatchObject({ ok: true });
    }
  });

  it('takes the protections on every template, at the edges of their ranges', () => {
    const protections = { trailing_stop_pct: 0.1, max_drawdown_pct: 99.9, daily_loss_pct: 0.01, cooldown_bars: 10_000 };
    for (const template of listTemplates()) {
      const properties = template.paramsSchema.properties as Record<string, { examples?: unknown[] }>;
      const required = template.paramsSchema.required as string[];
      const example = Object.fromEntries(required.map((name) => [name, properties[name]?.examples?.[0]]));
      expect(validateTemplateParams(template.id, { ...example, ...protections })).toMatchObject({ ok: true, params: protections });
    }
    expect(validateTemplateParams('sma_cross', { fast: 5, slow: 20, trailing_stop_pct: 10, cooldown_bars: 0 })).toMatchObject({ ok: true });
    expect(validateTemplateParams('sma_cross', { fast: 5, slow: 20, trailing_stop_pct: 2.3 })).toMatchObject({ ok: true });
  });

  it('applies the defaults of the common params', () => {
    expect(validateTemplateParams('sma_cross', { fast: 5, slow: 20 })).toEqual({ ok: true, params: { fast: 5, slow: 20, side: 'long', position_size: 1 } });
  });

  it.each([
    ['nope', { fast: 1, slow: 2 }, 'template_id'],
    ['sma_cross', null, 'params'],
    ['sma_cross', { slow: 20 }, 'params.fast'],
    ['sma_cross', { fast: 'five', slow: 20 }, 'params.fast'],
    ['sma_cross', { fast: 20, slow: 5 }, 'params.slow'],
    ['sma_cross', { fast: 5, slow: 20, fsat: 3 }, 'params.fsat'],
    ['sma_cross', { fast: 5, slow: 20, side: 'up' }, 'params.side'],
    ['sma_cross', { fast: 5, slow: 20, position_size: 0 }, 'params.position_size'],
    ['sma_cross', { fast: 5, slow: 20, position_size: 1.5 }, 'params.position_size'],
    ['sma_cross', { fast: 5, slow: 20, stop_loss_pct: 100 }, 'params.stop_loss_pct'],
    ['sma_cross', { fast: 5, slow: 20, take_profit_pct: -1 }, 'params.take_profit_pct'],
    ['sma_cross', { fast: 5, slow: 20, trailing_stop_pct: 0.05 }, 'params.trailing_stop_pct'],
    ['sma_cross', { fast: 5, slow: 20, trailing_stop_pct: 10.1 }, 'params.trailing_stop_pct'],
    ['sma_cross', { fast: 5, slow: 20, trailing_stop_pct: 1.25 }, 'params.trailing_stop_pct'],
    ['sma_cross', { fast: 5, slow: 20, max_drawdown_pct: 0 }, 'params.max_drawdown_pct'],
    ['sma_cross', { fast: 5, slow: 20, max_drawdown_pct: 100 }, 'params.max_drawdown_pct'],
    ['sma_cross', { fast: 5, slow: 20, daily_loss_pct: 0 }, 'params.daily_loss_pct'],
    ['sma_cross', { fast: 5, slow: 20, daily_loss_pct: 100 }, 'params.daily_loss_pct'],
    ['sma_cross', { fast: 5, slow: 20, cooldown_bars: -1 }, 'params.cooldown_bars'],
    ['sma_cross', { fast: 5, slow: 20, cooldown_bars: 1.5 }, 'params.cooldown_bars'],
    ['sma_cross', { fast: 5, slow: 20, cooldown_bars: 10_001 }, 'params.cooldown_bars'],
    ['ema_cross', { fast: 5, slow: 100_000 }, 'params.slow'],
    ['rsi_reversion', { period: 14, oversold: 80, overbought: 70 }, 'params.overbought'],
    ['rsi_reversion', { period: 1, oversold: 30, overbought: 70 }, 'params.period'],
    ['bollinger_breakout', { period: 20, stddev: 0 }, 'params.stddev'],
    ['donchian_breakout', { entry_period: 0, exit_period: 10 }, 'params.entry_period'],
    ['macd_trend', { fast: 12, slow: 26, signal: 1.5 }, 'params.signal'],
  ])('%s with %j is rejected naming %s', (templateId, params, field) => {
    const validation = validateTemplateParams(templateId, params);
    expect(validation).toEqual({ ok: false, error: { field, message: matching(new RegExp(`^${field.replace('.', '\\.')}: .+`)) } });
  });
});

describe('template decisions on crafted series (one closed bar at a time)', () => {
  const closes = (values: number[]) => barsFromCloses(values);

  it.each([
    ['long', [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0]],
    ['short', [0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, -1]],
    ['both', [0, 0, 0, 0, 0, 0, -1, -1, -1, 1, 1, -1]],
  ])('sma_cross 2/3, side %s: acts on crossings only, the first sign is not a cross', (side, expected) => {
    expect(decisions('sma_cross', { fast: 2, slow: 3, side }, closes([10, 10, 10, 11, 12, 11, 9, 8, 9, 12, 12, 10]))).toEqual(expected);
  });

  it('a bar where fast equals slow keeps the previous sign', () => {
    // fast 1 / slow 2: the sign of each change; the flat bars in between do not reset it.
    expect(decisions('sma_cross', { fast: 1, slow: 2 }, closes([10, 9, 9, 9, 10]))).toEqual([0, 0, 0, 0, 1]);
    expect(decisions('sma_cross', { fast: 1, slow: 2 }, closes([10, 11, 11, 12]))).toEqual([0, 0, 0, 0]);
  });

  it.each([
    ['long', [0, 0, 0, 0, 0, 0, 1]],
    ['both', [0, 0, 0, 0, -1, -1, 1]],
  ])('ema_cross 2/3 (α = 2/(n+1), SMA seed), side %s', (side, expected) => {
    // EMA2 / EMA3: bar 3 12 / 11.5 (first sign +), bar 4 8.67 / 9.25 (down), bar 6 11.19 / 10.56 (up).
    expect(decisions('ema_cross', { fast: 2, slow: 3, side }, closes([10, 10, 10, 13, 7, 7, 13]))).toEqual(expected);
  });

  it.each([
    ['long', [0, 0, 0, 0, 1, 1, 1, 0, 0]],
    ['short', [0, 0, -1, -1, 0, 0, 0, -1, -1]],
    ['both', [0, 0, -1, -1, 1, 1, 1, -1, -1]],
  ])('rsi_reversion period 2 30/70 (Wilder), side %s', (side, expected) => {
    // RSI: bar 2 100, bar 3 50, bar 4 16.7, bar 5 10, bar 6 50, bar 7 82, bar 8 92.
    expect(decisions('rsi_reversion', { period: 2, oversold: 30, overbought: 70, side }, closes([10, 11, 12, 11, 9, 8, 9, 11, 13]))).toEqual(expected);
  });

  it.each([
    ['long', [0, 0, 0, 1, 1, 0, 0, 0, 1]],
    ['short', [0, 0, 0, 0, 0, -1, -1, 0, 0]],
    ['both', [0, 0, 0, 1, 1, -1, -1, 0, 1]],
  ])('bollinger_breakout period 3, 1 σ (population), side %s: enters beyond a band, leaves across the middle', (side, expected) => {
    // bar 3: mean 11, σ √2 → upper 12.41 < 13; bar 5: lower 9.63 > 9; bar 7: close 9 above the middle 8.
    expect(decisions('bollinger_breakout', { period: 3, stddev: 1, side }, closes([10, 10, 10, 13, 12, 9, 6, 9, 12]))).toEqual(expected);
  });

  it.each([
    ['long', [0, 0, 1, 1, 1, 0, 0, 0, 1]],
    ['short', [0, 0, 0, 0, 0, -1, -1, -1, 0]],
    ['both', [0, 0, 1, 1, 1, -1, -1, -1, 1]],
  ])('donchian_breakout entry 2 / exit 1, side %s: channels of the previous bars', (side, expected) => {
    // bar 2 closes 12 above the previous two highs (11); bar 5 closes 11 below the previous low 12 (exit) and the two-bar low 12 (short).
    expect(decisions('donchian_breakout', { entry_period: 2, exit_period: 1, side }, closes([10, 11, 12, 13, 12, 11, 9, 10, 12]))).toEqual(expected);
  });

  it.each([
    ['long', [0, 0, 0, 0, 1, 1, 0]],
    ['both', [0, 0, 0, 0, 1, 1, -1]],
  ])('macd_trend 1/2/2, side %s: crossings of the MACD line and its signal line', (side, expected) => {
    // histogram: bar 2 −0.5 (first sign), bar 3 −0.5, bar 4 +0.17 (up), bar 5 +0.5, bar 6 −0.57 (down).
    expect(decisions('macd_trend', { fast: 1, slow: 2, signal: 2, side }, closes([10, 12, 11, 8, 9, 13, 9]))).toEqual(expected);
  });
});
