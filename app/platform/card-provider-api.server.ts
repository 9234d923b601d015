/**
 * The card provider's HTTP API in a deployment (docs/decisions/0019): `CARD_API_URL` (https) with
 * the bearer key `CARD_API_KEY`. The shop hands an application over with `POST /v1/application`
 * and asks about it with `GET /v1/application?id=…`; the provider answers JSON.
 */
import type { CardApplicationHandover, CardProvider, CardProviderReport } from "./card-provider";

export const CARD_API_SECRETS = ["CARD_API_KEY"] as const;

async function call(url: string, apiKey: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json", ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`card provider: HTTP ${response.status} on ${new URL(url).pathname}`);
  return response.json();
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") throw new Error(`card provider: no ${what} in its answer`);
  return value;
}

export function apiCardProvider(baseUrl: string, apiKey: string): CardProvider {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    name: "api",
    checkEverySeconds: 15 * 60,
    async handOver(application: CardApplicationHandover) {
      const body = (await call(`${base}/v1/application`, apiKey, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": application.applicationId },
        body: JSON.stringify(application),
      })) as { id?: unknown };
      return text(body?.id, "application id");
    },
    async check(reference): Promise<CardProviderReport> {
      const body = (await call(`${base}/v1/application?id=${encodeURIComponent(reference)}`, apiKey)) as {
        state?: unknown;
        card?: { number?: unknown };
      };
      const state = text(body?.state, "state");
      const cardNumber = typeof body.card?.number === "string" ? body.card.number : undefined;
      return cardNumber ? { state, cardNumber } : { state };
    },
  };
}
