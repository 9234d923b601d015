/** What the worker hands every loader and action. */
export interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  ENVIRONMENT: "development" | "test" | "production";
  IMAGE_RESIZING?: string;
  EDGE_CACHE_SECONDS?: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: Env;
    ctx: Pick<ExecutionContext, "waitUntil">;
    cspNonce: string;
  }
}

export function isProduction(env: Env): boolean {
  return env.ENVIRONMENT === "production";
}
