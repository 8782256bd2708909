import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';

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

@ObjectType('PlanRatioRow', { description: 'A long/short ratio point with account fields; decimals are strings.' })
export class PlanRatioRowType {
  @Field(() => String)
  symbol!: string;

  @Field(() => String)
  longShortRatio!: string;

  @Field(() => String)
  longAccount!: string;

  @Field(() => String)
  shortAccount!: string;

  @Field(() => Float, { description: 'Unix milliseconds.' })
  timestamp!: number;
}

@ObjectType('PlanKline', { description: 'A K-line; times are Unix milliseconds, prices and volume decimal strings.' })
export class PlanKlineType {
  @Field(() => Float)
  openTime!: number;

  @Field(() => String)
  open!: string;

  @Field(() => String)
  high!: string;

  @Field(() => String)
  low!: string;

  @Field(() => String)
  close!: string;

  @Field(() => String)
  volume!: string;

  @Field(() => Float)
  closeTime!: number;
}
