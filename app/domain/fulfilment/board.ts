/** The fulfilment board's rows, filters and sorts (board.server.ts reads them from D1). */
import type { CarrierCode } from "~/domain/checkout/carriers";
import type { FulfilmentState } from "./progress";

export const BOARD_SORTS = ["day", "number"] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export const BOARD_STATES = ["open", "toPick", "ready", "shipped", "handedOver", "all"] as const;
export type BoardState = (typeof BOARD_STATES)[number];

export interface BoardFilter {
  state: BoardState;
  /** Berlin calendar day 'YYYY-MM-DD' */
  day?: string;
  carrier?: CarrierCode;
}

export interface BoardRow {
  number: number;
  dueAt: string;
  dueEnd: string | null;
  /** false: due as soon as paid (express, which has no wish slot), `dueAt` being the payment */
  scheduled: boolean;
  carrier: CarrierCode;
  customer: string;
  lines: number;
  picked: number;
  state: FulfilmentState;
  withdrawn: boolean;
}

export interface BoardCount {
  day: string;
  carrier: CarrierCode;
  count: number;
}
