/**
 * The membership declaration's signing calls (spec section 7 "Shares": open_status, signed_status,
 * request_adobe_url, sent_to_adobe). The spec's original sent the declaration to Adobe Sign; here
 * the configured signing service (docs/decisions/0021) has it signed, and only its verified
 * confirmation (`/signing/webhook`) marks a declaration as signed. So:
 *
 * - `open_status`: whether the customer's declaration waits for her signature;
 * - `signed_status`: whether the service has confirmed her signature;
 * - `request_adobe_url`: the signing link of the waiting declaration, the one the e-mail carries;
 * - `sent_to_adobe`: the customer says she has signed. That proves nothing and changes nothing:
 *   it reads the declaration again (the API reads from the primary) and answers where it stands.
 */
import { z } from "zod";
import type { DeclarationStatus } from "~/domain/share/purchase.server";
import { declarationStatus, signingLink } from "~/domain/share/purchase.server";
import { ApiFailure, operation } from "../operation.server";

const TAG = "Anteile";

const declarationStatusSchema = z.object({
  signing_state: z
    .enum(["none", "open", "signed", "declined", "closed"])
    .describe(
      "none: keine Erklärung unterwegs; open: wartet auf die Unterschrift; signed: vom Signaturdienst bestätigt; declined: zuletzt abgelehnt",
    ),
  open: z.boolean().describe("Die Erklärung wartet auf die Unterschrift"),
  signed: z.boolean().describe("Der Signaturdienst hat die Unterschrift bestätigt"),
  quantity: z.number().int().describe("Die Anteile der Erklärung"),
});

const declarationResource = (s: DeclarationStatus) => ({
  signing_state: s.signing,
  open: s.signing === "open",
  signed: s.signing === "signed",
  quantity: s.quantity,
});

/** A read of the declaration's status (the spec has two calls for it; both answer the whole status). */
const statusRead = (path: string, summary: string, operationId: string, description: string) =>
  operation({
    method: "GET",
    path,
    summary,
    operationId,
    description,
    tag: TAG,
    auth: true,
    response: declarationStatusSchema,
    run: async (_input, { env, customerId }) => declarationResource(await declarationStatus(env.DB, customerId)),
  });

export const declarationOpenStatus = statusRead(
  "/rest/V1/shareholder/open_status",
  "Ob die eigene Beitrittserklärung auf die Unterschrift wartet (open)",
  "getDeclarationOpenStatus",
  "Liefert den Stand der eigenen Beitrittserklärung; open sagt, ob sie auf die Unterschrift wartet. Antwortet dasselbe wie signed_status.",
);

export const declarationSignedStatus = statusRead(
  "/rest/V1/shareholder/signed_status",
  "Ob der Signaturdienst die Unterschrift der eigenen Beitrittserklärung bestätigt hat (signed)",
  "getDeclarationSignedStatus",
  "Liefert den Stand der eigenen Beitrittserklärung; signed sagt, ob der Signaturdienst die Unterschrift bestätigt hat. Antwortet dasselbe wie open_status.",
);

export const declarationSigningUrl = operation({
  method: "POST",
  path: "/rest/V1/shareholder/request_adobe_url",
  summary: "Der Link zum Unterschreiben der eigenen Beitrittserklärung (derselbe wie in der E-Mail)",
  operationId: "requestSigningUrl",
  description:
    "Liefert den Link zum Unterschreiben der wartenden Beitrittserklärung beim Signaturdienst, denselben wie in der E-Mail. Wartet keine Erklärung auf die Unterschrift, wird abgewiesen.",
  tag: TAG,
  auth: true,
  errors: { 409: "Keine Beitrittserklärung wartet auf die Unterschrift" },
  response: z.object({ url: z.string().describe("Die Seite des Signaturdienstes") }),
  async run(_input, { env, customerId, request }) {
    const url = await signingLink(env, customerId, new URL(request.url).origin);
    if (!url) throw new ApiFailure(409, "shares:signing.nothingToSign");
    return { url };
  },
});

export const declarationSent = operation({
  method: "POST",
  path: "/rest/V1/shareholder/sent_to_adobe",
  summary:
    "Die Kundin meldet die Erklärung als unterschrieben: ändert nichts (nur der Signaturdienst bestätigt eine Unterschrift) und antwortet den Stand, neu gelesen",
  operationId: "reportDeclarationSigned",
  description:
    "Nimmt die Meldung der Kundin entgegen, sie habe unterschrieben, und antwortet den Stand der Erklärung neu gelesen. Als unterschrieben gilt eine Erklärung erst, wenn der Signaturdienst es bestätigt: der Aufruf ändert nichts.",
  tag: TAG,
  auth: true,
  response: declarationStatusSchema,
  run: async (_input, { env, customerId }) => declarationResource(await declarationStatus(env.DB, customerId)),
});

export const DECLARATION_OPERATIONS = [
  declarationOpenStatus,
  declarationSignedStatus,
  declarationSigningUrl,
  declarationSent,
];
