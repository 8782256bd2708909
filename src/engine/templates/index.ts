import { bollingerBreakout } from './bollinger-breakout';
import { donchianBreakout } from './donchian-breakout';
import { emaCross } from './ema-cross';
import { expressionTemplate } from './expression';
import { macdTrend } from './macd-trend';
import type { CommonParams, ParamsValidation } from './params';
import { rsiReversion } from './rsi-reversion';
import { smaCross } from './sma-cross';
import type { TemplateDefinition, TemplateMetadata } from './template';

export type { CommonParams, ParamsError, ParamsValidation } from './params';
export type { Position, Side, Strategy } from './strategy';
export type { TemplateDefinition, TemplateMetadata } from './template';

/** The template catalogue (contract §7), in the order `GET /v1/backtest/templates` lists it. */
export const TEMPLATES: readonly TemplateDefinition[] = [smaCross, emaCross, rsiReversion, bollingerBreakout, donchianBreakout, macdTrend, expressionTemplate];

const byId = new Map(TEMPLATES.map((template) => [template.metadata.id, template]));

export function findTemplate(templateId: string): TemplateDefinition | undefined {
  return byId.get(templateId);
}

export function listTemplates(): TemplateMetadata[] {
  return TEMPLATES.map((template) => template.metadata);
}

/** One row of `GET /v1/backtest/templates` (contract §7), in wire names. */
export interface TemplateListing {
  id: string;
  name: string;
  description: string;
  params_schema: Record<string, unknown>;
  min_capital: string;
}

export function templateCatalogue(): TemplateListing[] {
  return listTemplates().map(({ id, name, description, paramsSchema, minCapital }) => ({
    id,
    name,
    description,
    params_schema: paramsSchema,
    min_capital: minCapital,
  }));
}

/** Job creation's check: an unknown template names `template_id`, bad params name `params.<name>`. */
export function validateTemplateParams(templateId: string, params: unknown): ParamsValidation<CommonParams> {
  const template = findTemplate(templateId);
  if (!template) return { ok: false, error: { field: 'template_id', message: `template_id: unknown template ${templateId}` } };
  return template.validateParams(params);
}
