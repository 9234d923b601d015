/** A customer's account as support's page shows it (account.server.ts reads it). */
import type { BalanceHistory } from "~/domain/balance/history";
import type { CardStatus, CardType } from "~/domain/card/card";
import type { Address } from "~/domain/customer/address";
import type { OrderSummary } from "~/domain/order/order";

export interface SupportCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  dob: string | null;
  telephone: string;
  gender: "m" | "w" | "d";
  status: "pending" | "active" | "blocked";
  erasedAt: string | null;
  group: string;
  createdAt: string;
}

export interface SupportCard {
  id: number;
  /** Masked: the last four digits only (maskCardNumber). */
  number: string;
  type: CardType;
  alias: string;
  status: CardStatus;
  hasPin: boolean;
  issuedAt: string;
}

export type SupportShares =
  | { kind: "none" }
  | { kind: "former"; memberNumber: string }
  | { kind: "member"; memberNumber: string; held: number; valueCents: number };

export interface SupportAccount {
  customer: SupportCustomer;
  addresses: Address[];
  orders: OrderSummary[];
  balance: BalanceHistory;
  cards: SupportCard[];
  shares: SupportShares;
  sessionCount: number;
}
