import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/layout/nonce";
import { serverFragments } from "./components/layout/fragments.server";
import { ServerFragmentsProvider } from "./components/layout/ServerMarkup";
import { loadCategoryTree } from "./domain/catalog/category.server";
import { TextsProvider } from "./i18n/texts";
import { routeTexts } from "./platform/i18n.server";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const texts = routeTexts(remixContext);
  // The root loader has just loaded the tree: this is the isolate's copy, no second D1 read. A page
  // whose loader failed on the database shows its error page with an empty menu.
  const tree = await loadCategoryTree(loadContext.env.DB).catch(() => null);
  const body = await renderToReadableStream(
    <TextsProvider texts={texts}>
      <NonceProvider value={loadContext.cspNonce}>
        <ServerFragmentsProvider value={serverFragments(tree, texts)}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY_MS}
            nonce={loadContext.cspNonce}
          />
        </ServerFragmentsProvider>
      </NonceProvider>
    </TextsProvider>,
    {
      nonce: loadContext.cspNonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // The shop renders no Suspense boundaries on the server, so streaming gains nothing: the whole
  // document goes out in one piece, which is far cheaper than React's many small stream chunks.
  await body.allReady;
  const html = insideBody(await new Response(body).text());

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

const DOCUMENT_END = "</body></html>";

/**
 * RemixServer renders the single-fetch data scripts after the document (a sibling of <html>), so
 * React writes them after `</html>`, which is invalid HTML. They belong at the end of <body>,
 * where the browser would put them anyway; decision 0007's stand-in collects them there.
 */
function insideBody(html: string): string {
  const end = html.lastIndexOf(DOCUMENT_END);
  if (end === -1 || end + DOCUMENT_END.length === html.length) return html;
  return html.slice(0, end) + html.slice(end + DOCUMENT_END.length) + DOCUMENT_END;
}
