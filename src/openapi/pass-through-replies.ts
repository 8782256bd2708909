import { z } from 'zod';
import {
  delistReply,
  exchangeInfoSymbols,
  fundingHistoryRows,
  fundingInfoRows,
  klineRows,
  openInterestHistoryRows,
  openInterestReply,
  premiumIndexReply,
  ratioRows,
  serverTimeReply,
  tickerRows,
} from '../services/market-data/upstream-replies';

/** With `symbol` the exchange answers one ticker, without it every ticker. */
const tickerReply = z.union([tickerRows.element, tickerRows]);

export interface PassThroughReply {
  /** The exchange's reply. */
  reply: z.ZodType;
  /** The query is checked before it is forwarded (passthrough.service.ts `validate`): a value outside the spec's rules is 422. */
  checkedQuery?: true;
}

const ratioReply: PassThroughReply = { reply: ratioRows, checkedQuery: true };

/**
 * What each verbatim pass-through path answers: the exchange's own reply, by
 * the zod schema the gateway checks that reply with where it reads it. Keyed
 * by the service path (`MarketPassThroughService.paths()`); a test fails when
 * a pass-through path has no entry here.
 */
export const PASS_THROUGH_REPLIES: Record<string, PassThroughReply> = {
  '/fapi/v1/fundingRate': { reply: fundingHistoryRows, checkedQuery: true },
  '/fapi/v1/ticker/24hr': { reply: tickerReply },
  '/fapi/v1/exchangeInfo': { reply: exchangeInfoSymbols },
  '/fapi/v1/premiumIndex': { reply: premiumIndexReply },
  '/fapi/v1/fundingInfo': { reply: fundingInfoRows },
  '/fapi/v1/openInterest': { reply: openInterestReply },
  '/fapi/v1/time': { reply: serverTimeReply },
  '/fapi/v1/klines': { reply: klineRows },
  '/topLongShortPositionRatio': ratioReply,
  '/futures/data/topLongShortPositionRatio': ratioReply,
  '/topLongShortAccountRatio': ratioReply,
  '/futures/data/topLongShortAccountRatio': ratioReply,
  '/futures/data/globalLongShortAccountRatio': { reply: ratioRows },
  '/futures/data/openInterestHist': { reply: openInterestHistoryRows },
  '/delist': { reply: delistReply },
};
