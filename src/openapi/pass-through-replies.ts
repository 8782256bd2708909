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

/**
 * What each verbatim pass-through path answers: the exchange's own reply, by
 * the zod schema the gateway checks that reply with where it reads it. Keyed
 * by the service path (`MarketPassThroughService.paths()`); a test fails when
 * a pass-through path has no entry here.
 */
export const PASS_THROUGH_REPLIES: Record<string, z.ZodType> = {
  '/fapi/v1/fundingRate': fundingHistoryRows,
  '/fapi/v1/ticker/24hr': tickerReply,
  '/fapi/v1/exchangeInfo': exchangeInfoSymbols,
  '/fapi/v1/premiumIndex': premiumIndexReply,
  '/fapi/v1/fundingInfo': fundingInfoRows,
  '/fapi/v1/openInterest': openInterestReply,
  '/fapi/v1/time': serverTimeReply,
  '/fapi/v1/klines': klineRows,
  '/topLongShortPositionRatio': ratioRows,
  '/futures/data/topLongShortPositionRatio': ratioRows,
  '/topLongShortAccountRatio': ratioRows,
  '/futures/data/topLongShortAccountRatio': ratioRows,
  '/futures/data/globalLongShortAccountRatio': ratioRows,
  '/futures/data/openInterestHist': openInterestHistoryRows,
  '/delist': delistReply,
};
