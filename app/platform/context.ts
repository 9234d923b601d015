import type { Refusal } from "./request-guard.server";
import type { SessionState } from "./session.server";

/** What the worker hands every loader and action. */
export interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  ENVIRONMENT: "development" | "test" | "production";
  IMAGE_RESIZING?: string;
  EDGE_CACHE_SECONDS?: string;
  SESSION_SECRET?: string;
  PASSWORD_PEPPER?: string;
  CSRF_SECRET?: string;
  PAYMENT_WEBHOOK_SECRET?: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: Env;
    ctx: Pick<ExecutionContext, "waitUntil">;
    cspNonce: string;
    /** Set when the worker refused the request: the error page shows this status. */
    refusal: Refusal | null;
    /** The request's session, looked up once on first use. */
    session: () => Promise<SessionState>;
  }
}

export function isProduction(env: Env): boolean {
  return env.ENVIRONMENT === "production";
}
