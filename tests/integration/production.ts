/**
 * A deployed shop as the integration tests see it: ENVIRONMENT=production on a public address, its
 * own secrets, Stripe as payment provider, Resend as mail provider, the card provider's API and the
 * e-signature service's API, all answered by local stand-ins of their HTTP APIs. Demo customers are seeded with this shop's own pepper.
 */
import { Response } from "miniflare";
import { startShop, type ShopOptions, type TestShop } from "./worker";
import { MAIL_API_KEY, MAIL_FROM, ResendStandIn } from "./stand-ins/resend";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, StripeStandIn } from "./stand-ins/stripe";
import { CARD_API_KEY, CARD_API_URL, CardProviderStandIn } from "./stand-ins/card-provider";
import { SIGNING_API_KEY, SIGNING_API_URL, SIGNING_WEBHOOK_SECRET, SigningStandIn } from "./stand-ins/signing";

export const PRODUCTION_ORIGIN = "https://frischkorb.example";

export const PRODUCTION_BINDINGS = {
  ENVIRONMENT: "production",
  SESSION_SECRET: "prod-session-secret-0123456789abcdefghij",
  PASSWORD_PEPPER: "prod-pepper-0123456789abcdefghijklmnopq",
  CSRF_SECRET: "prod-csrf-secret-0123456789abcdefghijklm",
  UNSUBSCRIBE_SECRET: "prod-unsubscribe-secret-0123456789abcdefgh",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  MAIL_PROVIDER: "resend",
  MAIL_API_KEY,
  MAIL_FROM,
  SHOP_ORIGIN: "https://frischkorb.example",
  CARD_PROVIDER: "api",
  CARD_API_URL,
  CARD_API_KEY,
  SIGNING_PROVIDER: "api",
  SIGNING_API_URL,
  SIGNING_API_KEY,
  SIGNING_WEBHOOK_SECRET,
  MAP_TILE_URL: "https://tiles.frischkorb.example/{z}/{x}/{y}.png",
  MAP_TILE_ATTRIBUTION: "© OpenStreetMap-Mitwirkende",
  TAG_MANAGER_CONTAINER_ID: "GTM-PROD123",
  TAG_MANAGER_HOST: "frischkorb.example",
  EDGE_CACHE_SECONDS: "0",
};

export interface ProductionShop extends TestShop {
  stripe: StripeStandIn;
  resend: ResendStandIn;
  cards: CardProviderStandIn;
  signing: SigningStandIn;
}

/**
 * `hosts`: more stand-ins of outside services, by host name (e.g. the Access team's key set).
 */
export async function startProductionShop(
  opts: ShopOptions & { hosts?: Record<string, (request: Request) => Promise<globalThis.Response>> } = {},
): Promise<ProductionShop> {
  const stripe = new StripeStandIn();
  const resend = new ResendStandIn();
  const cards = new CardProviderStandIn();
  const signing = new SigningStandIn();
  const outbound = async (request: Request) => {
    const host = new URL(request.url).host;
    if (host === "api.stripe.com") return stripe.handle(request);
    if (host === "api.resend.com") return resend.handle(request);
    if (host === new URL(CARD_API_URL).host) return cards.handle(request);
    if (host === new URL(SIGNING_API_URL).host) return signing.handle(request);
    const extra = opts.hosts?.[host];
    if (extra) return (await extra(request)) as unknown as Response;
    return new Response(`no network in tests (${host})`, { status: 502 }) as unknown as globalThis.Response;
  };
  const previousPepper = process.env.PASSWORD_PEPPER;
  process.env.PASSWORD_PEPPER = PRODUCTION_BINDINGS.PASSWORD_PEPPER;
  try {
    const shop = await startShop({
      origin: PRODUCTION_ORIGIN,
      ...opts,
      outbound: outbound as never,
      bindings: { ...PRODUCTION_BINDINGS, ...opts.bindings },
    });
    return Object.assign(shop, { stripe, resend, cards, signing });
  } finally {
    if (previousPepper === undefined) delete process.env.PASSWORD_PEPPER;
    else process.env.PASSWORD_PEPPER = previousPepper;
  }
}
