import { ArgsType, Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { PlanKline, PlanRatioRow } from '../services/plans/plan-series.service';

export enum RatioSeriesKind {
  STOCK_RETAIL = 'stockRetail',
  INDEX_TOP = 'indexTop',
  INDEX_WHALE = 'indexWhale',
}
registerEnumType(RatioSeriesKind, {
  name: 'RatioSeriesKind',
  description: 'The series of /stock/v1/retailLongShortRatio, /index/v1/topLongShortRatio, /index/v1/whaleLongShortRatio.',
});

export enum SeriesMarket {
  STOCK = 'stock',
  INDEX = 'index',
  COMMODITY = 'commodity',
}
registerEnumType(SeriesMarket, { name: 'SeriesMarket' });

/** The query of a ratio series, as GraphQL arguments or the REST query string. */
@ArgsType()
export class PlanRatioArgs {
  @Field(() => String) symbol!: string;
  @Field(() => String, { nullable: true, description: '1h, 4h, 1d (default) or 1w.' }) period?: string;
  @Field(() => Int, { nullable: true, description: 'Default 30, at most 500.' }) limit?: number;
}

/** The query of a K-line series, as GraphQL arguments or the REST query string. */
@ArgsType()
export class PlanKlineArgs {
  @Field(() => String) symbol!: string;
  @Field(() => String, { nullable: true, description: '1h, 4h, 1d (default) or 1w.' }) interval?: string;
  @Field(() => Float, { nullable: true }) startTime?: number;
  @Field(() => Float, { nullable: true }) endTime?: number;
  @Field(() => Int, { nullable: true, description: 'Default 100, at most 1000.' }) limit?: number;
}

@ObjectType('PlanRatioRow', { description: 'A long/short ratio point with account fields; decimals are strings.' })
export class PlanRatioRowType implements PlanRatioRow {
  @Field(() => String) symbol!: string;
  @Field(() => String) longShortRatio!: string;
  @Field(() => String) longAccount!: string;
  @Field(() => String) shortAccount!: string;
  @Field(() => Float, { description: 'Unix milliseconds.' }) timestamp!: number;
}

/** Declared over the wire's K-line array (`[openTime, open, high, low, close, volume, closeTime]`), one named field per position. */
@ObjectType('PlanKline', { description: 'A K-line; times are Unix milliseconds, prices and volume decimal strings.' })
export class PlanKlineType implements Pick<PlanKline, 0 | 1 | 2 | 3 | 4 | 5 | 6> {
  @Field(() => Float, { name: 'openTime' }) 0!: number;
  @Field(() => String, { name: 'open' }) 1!: string;
  @Field(() => String, { name: 'high' }) 2!: string;
  @Field(() => String, { name: 'low' }) 3!: string;
  @Field(() => String, { name: 'close' }) 4!: string;
  @Field(() => String, { name: 'volume' }) 5!: string;
  @Field(() => Float, { name: 'closeTime' }) 6!: number;
}
