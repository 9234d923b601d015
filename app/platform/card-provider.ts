/**
 * The card provider's shapes (docs/decisions/0019): the company that checks card applications,
 * makes the cards and sends them out. The shop hands an application over, then asks where it
 * stands until the provider reports the card or a refusal.
 */

/** What the shop hands over: everything the provider needs to check the applicant and print the card. */
export interface CardApplicationHandover {
  applicationId: string;
  email: string;
  nameOnCard: string;
  gender: "m" | "w" | "d";
  dob: string;
  telephone: string;
  storeId: string;
  sepa: { holder: string; bank: string; iban: string; bic: string };
}

/** Where the provider stands with an application. `state` is the provider's word; the shop checks it. */
export interface CardProviderReport {
  state: string;
  /** Set once the card is made: its 16-digit number. */
  cardNumber?: string;
}

export interface CardProvider {
  name: "embedded" | "api";
  /** How long the shop waits before it asks about an open application again. */
  checkEverySeconds: number;
  /** Hands a new application over; answers the provider's reference for it. */
  handOver(application: CardApplicationHandover): Promise<string>;
  /** Where the application stands now; `current` is the state the shop last heard. */
  check(reference: string, current: string): Promise<CardProviderReport>;
}
