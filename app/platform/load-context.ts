/**
 * What the worker hands every loader and action, beside the bindings. Kept apart from context.ts,
 * which every platform module imports for Env: the guard and session types here import those
 * modules in turn, and a type import back into context.ts would close a circle.
 */
import type { Env } from "./context";
import type { Refusal } from "./request-guard.server";
import type { SessionState } from "./session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: Env;
    ctx: Pick<ExecutionContext, "waitUntil">;
    cspNonce: string;
    /** The Remix build the worker serves (`build.assets.version`, the browser's `__remixManifest.version`). */
    buildVersion: string;
    /** Set when the worker refused the request: the error page shows this status. */
    refusal: Refusal | null;
    /** The request is a page's data for the browser's app (Remix's `.data`), not a document. */
    pageData: boolean;
    /**
     * Render the signed-in shape of the page with placeholders (of this mark) instead of the
     * shopper's data, for the edge cache (platform/personal-page.server.ts).
     */
    shopperTemplate?: { mark: string };
    /** The request's session, looked up once on first use. */
    session: () => Promise<SessionState>;
  }
}
