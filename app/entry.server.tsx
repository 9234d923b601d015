import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/layout/nonce";
import { serverFragments } from "./components/layout/fragments.server";
import { ServerFragmentsProvider } from "./components/layout/ServerMarkup";
import { TileMarkupProvider } from "./components/product/ProductTile";
import { tileMarkup } from "./components/product/tile-markup.server";
import { loadCategoryTree } from "./domain/catalog/category.server";
import { TextsProvider } from "./i18n/texts";
import { routeTexts } from "./platform/i18n.server";
import { hydrationScripts, takeHydrationData } from "./platform/hydration-data.server";

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
  const html = renderToString(
    <TextsProvider texts={texts}>
      <NonceProvider value={loadContext.cspNonce}>
        <ServerFragmentsProvider value={serverFragments(tree, texts)}>
          <TileMarkupProvider value={tileMarkup(texts)}>
            <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />
          </TileMarkupProvider>
        </ServerFragmentsProvider>
      </NonceProvider>
    </TextsProvider>,
  );
  // Remix writes the data only where its <Scripts> were rendered (the shop's pages all render them).
  const scripts =
    data !== null && remixContext.renderMeta?.didRenderScripts ? hydrationScripts(data, loadContext.cspNonce) : "";

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
