import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/layout/nonce";
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
  const body = await renderToReadableStream(
    <TextsProvider texts={routeTexts(remixContext)}>
      <NonceProvider value={loadContext.cspNonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={loadContext.cspNonce} />
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
  const html = await new Response(body).arrayBuffer();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
