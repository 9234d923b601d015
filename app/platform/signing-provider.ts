/**
 * The e-signature service that has a membership declaration signed (docs/decisions/0021). The
 * shop asks it for a signature and mails the signer its link; the service confirms the outcome
 * to the shop by a signed server-to-server call. Embedded default: the signing sandbox inside the
 * shop (development and test only); in a deployment an HTTP API (`SIGNING_PROVIDER=api`).
 */

/** What the signer is asked to sign: the declaration as text, line by line. */
export interface SignatureRequest {
  /** The shop's id of the purchase: the service's idempotency key. */
  purchaseId: string;
  signerEmail: string;
  signerName: string;
  title: string;
  lines: string[];
  /** The shop's own address, for the sandbox's links. */
  origin: string;
}

export interface SignatureRequested {
  /** The service's id of the request; its confirmations name it. */
  ref: string;
  /** The link the signer follows to sign or decline. */
  signUrl: string;
}

export type SigningOutcome = "signed" | "declined";

/** A confirmation: `eventId` is the service's own id of this message, for the log. */
export interface SigningEvent {
  eventId: string;
  ref: string;
  outcome: SigningOutcome;
}

export type SigningWebhookReading =
  | { kind: "event"; event: SigningEvent }
  | { kind: "badSignature" }
  | { kind: "badPayload" };

export interface SigningProvider {
  name: "sandbox" | "api";
  requestSignature(request: SignatureRequest): Promise<SignatureRequested>;
  /** The signer's link of the request `ref` made for `request` (the same link again). */
  signUrl(ref: string, request: SignatureRequest): Promise<string>;
  /** Checks the signature of a confirmation over its raw body, then reads it. */
  readWebhook(body: string, headers: Headers): Promise<SigningWebhookReading>;
}

/** The header that carries the HMAC-SHA-256 (hex) of a confirmation's raw body. */
export const SIGNING_SIGNATURE_HEADER = "X-Signing-Signature";
