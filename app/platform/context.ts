/** A message of the mail queue: only the outbox row's id; the row is the mail and its state. */
export interface MailMessage {
  id: number;
}

/** The bindings and settings of the worker; the rest of the load context is in load-context.ts. */
export interface Env {
  DB: D1Database;
  /** Product photos (docs/decisions/0048): content-addressed objects, "<sha-256>.<jpg|png|webp>". */
  PHOTOS: R2Bucket;
  /** Archived orders (docs/decisions/0052): "orders/<id>.json" and the invoice PDF beside it. */
  ARCHIVE: R2Bucket;
  /**
   * The mail queue (docs/decisions/0051-mail-queue.md): the outbox hands its mails to it, the
   * worker's `queue` export sends them. Without it the Cron Trigger delivers the outbox itself.
   */
  MAIL?: Queue<MailMessage>;
  ASSETS?: Fetcher;
  ENVIRONMENT: "development" | "test" | "production";
  IMAGE_RESIZING?: string;
  EDGE_CACHE_SECONDS?: string;
  SESSION_SECRET?: string;
  PASSWORD_PEPPER?: string;
  CSRF_SECRET?: string;
  /** Signs the newsletter's unsubscribe links (docs/decisions/0026); rotating it breaks those already mailed. */
  UNSUBSCRIBE_SECRET?: string;
  PAYMENT_WEBHOOK_SECRET?: string;
  /** "stripe" in a deployment; unset locally, where the sandbox stands in. */
  PAYMENT_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** "resend" in a deployment; unset locally, where the outbox stays for the development mailbox. */
  MAIL_PROVIDER?: string;
  MAIL_API_KEY?: string;
  /** The sender, e.g. "Frischkorb <service@frischkorb.example>". */
  MAIL_FROM?: string;
  /**
   * How many mails a second the mail queue's consumer sends at most: the provider's rate limit
   * (docs/decisions/0051-mail-queue.md); 5 unless set.
   */
  MAIL_SENDS_PER_SECOND?: string;
  /** The shop's public origin, e.g. https://www.frischkorb.de: links in mails the Cron Trigger writes. */
  SHOP_ORIGIN?: string;
  /** "api" in a deployment; unset locally, where the embedded card provider stands in. */
  CARD_PROVIDER?: string;
  /** The card provider's API, e.g. "https://cards.example.com". */
  CARD_API_URL?: string;
  CARD_API_KEY?: string;
  /** "api" in a deployment; unset locally, where the signing sandbox stands in. */
  SIGNING_PROVIDER?: string;
  /** The e-signature service's API, e.g. "https://sign.example.com". */
  SIGNING_API_URL?: string;
  SIGNING_API_KEY?: string;
  SIGNING_WEBHOOK_SECRET?: string;
  /** The map's tile server as a URL template, e.g. "https://tiles.example.com/{z}/{x}/{y}.png". */
  MAP_TILE_URL?: string;
  /** The attribution the tile server's licence asks for, e.g. "© OpenStreetMap-Mitwirkende". */
  MAP_TILE_ATTRIBUTION?: string;
  /** The tag manager's container, e.g. "GTM-ABC1234" (platform/tag-manager.server.ts); unset: none. */
  TAG_MANAGER_CONTAINER_ID?: string;
  /** The production host the tag manager runs on, e.g. "www.frischkorb.example". */
  TAG_MANAGER_HOST?: string;
  /** The container script; Google's by default. */
  TAG_MANAGER_SCRIPT_URL?: string;
  /** Space-separated origins the container's tags send to, allowed by the CSP after consent. */
  TAG_MANAGER_ORIGINS?: string;
  /** Space-separated origins the JSON API answers cross-origin requests of (docs/decisions/0034); unset: none. */
  API_CORS_ORIGINS?: string;
  /**
   * The external locations service's GraphQL endpoint, e.g. "https://locations.example.com/graphql"
   * (docs/decisions/0050); unset: the shop's own stores in D1.
   */
  LOCATIONS_API_URL?: string;
  /** The locations service's bearer token (a secret); required with LOCATIONS_API_URL in a deployment. */
  LOCATIONS_API_TOKEN?: string;
  /** Cloudflare Access team domain of the back office, e.g. "frischkorb.cloudflareaccess.com"; unset: no back office. */
  ACCESS_TEAM_DOMAIN?: string;
  /** The back office's Access application audience tag. */
  ACCESS_AUD?: string;
  /**
   * Not a binding: set by the worker for each request (platform/deployment.server.ts). True only
   * when the shop is explicitly in development or test and reached on a local address.
   */
  standIns?: boolean;
}

/** A deployed shop: secure cookies and HSTS, no development stand-ins. */
export function isProduction(env: Env): boolean {
  return !env.standIns;
}
