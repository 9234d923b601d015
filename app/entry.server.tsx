import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/layout/nonce";
import { serverFragments } from "./components/layout/fragments.server";
import { ServerFragmentsProvider } from "./components/layout/ServerMarkup";
import { TileMarkupProvider } from "./components/product/ProductTile";
import { tileMarkup } from "./components/product/tile-markup.server";
import { loadCategoryTree } from "./domain/catalog/category.server";
import { TextsProvider } from "./i18n/texts";
import { routeTexts } from "./platform/i18n.server";
import { hydrationDataScript, takeHydrationData } from "./platform/hydration-data.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const texts = routeTexts(remixContext);
  // The root loader has just loaded the tree: this is the isolate's copy, no second D1 read. A page
  // whose loader failed on the database shows its error page with an empty menu.
  const tree = await loadCategoryTree(loadContext.env.DB).catch(() => null);
  // The shop renders no Suspense boundary that suspends on the server (lazy parts load after
  // hydration), so streaming gains nothing. renderToString builds the document as one string; the
  // streaming renderer encodes every attribute and text to bytes on its own, which made up about a
  // third of a listing page's CPU time (docs/decisions/0031). A render error throws, and Remix then
  // renders the error boundary as it does for a failed loader.
  const data = await takeHydrationData(remixContext);
  const tiles = tileMarkup(texts, tree);
  const fragments = serverFragments(tree, texts);
  const html = renderToString(
    <TextsProvider texts={texts}>
      <NonceProvider value={loadContext.cspNonce}>
        <ServerFragmentsProvider
          value={{
            ...fragments,
            // Read when the footer renders, after the page's last tile: the drawn packs' shapes,
            // defined once, where they stay while the page lives (the footer is kept markup).
            get footer() {
              return fragments.footer + tiles.packShapes();
            },
          }}
        >
          <TileMarkupProvider value={tiles}>
            <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />
          </TileMarkupProvider>
        </ServerFragmentsProvider>
      </NonceProvider>
    </TextsProvider>,
  );
  // Remix writes the data only where its <Scripts> were rendered (the shop's pages all render them).
  const scripts = data !== null && remixContext.renderMeta?.didRenderScripts ? hydrationDataScript(data) : "";

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(DOCTYPE + withBeforeBodyEnd(html, scripts), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/** renderToString, unlike React's streaming renderer, writes no doctype; without one browsers use quirks mode. */
const DOCTYPE = "<!DOCTYPE html>";
const BODY_END = "</body>";

/** The data scripts go at the end of <body>, where the browser would put them anyway (decision 0007). */
function withBeforeBodyEnd(html: string, scripts: string): string {
  if (!scripts) return html;
  const end = html.lastIndexOf(BODY_END);
  return end === -1 ? html + scripts : html.slice(0, end) + scripts + html.slice(end);
}

/** Longer lines are cut: a client chooses what Remix's messages quote (its path, its route id). */
const LOG_LINE_MAX = 300;

/**
 * What Remix reports goes to the log. A refusal of the client's request by Remix itself (a post to a
 * page without a form, a method no route takes, page data asked of a route the URL does not match)
 * is the client's mistake: one line without a stack, as a warning. Everything else is the shop's
 * error and is logged in full. Remix's notice that a `?_data` request was made is left out: the
 * request's outcome speaks for itself (issue 31: 131 stack traces in one fuzz run).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  if (url.searchParams.has("_data") && error instanceof Error && error.message.includes("making ?_data requests"))
    return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const internal = (error as { error?: unknown }).error;
    const reason = internal instanceof Error ? internal.message : error.statusText;
    const line = `${error.status} ${request.method} ${url.pathname}: ${reason}`;
    console.warn(oneLine(line).slice(0, LOG_LINE_MAX));
    return;
  }
  console.error(error);
};

/** Control characters (a CR/LF in a path or route id) written out, so one entry stays one line. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this replaces
  return text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}
