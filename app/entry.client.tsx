import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { SHOP_NAMESPACES } from "./i18n/config";
import { fetchTexts, TextsProvider } from "./i18n/texts";

async function hydrate() {
  // The server names the text version, so the translation files can be cached for good.
  const version = document.querySelector<HTMLMetaElement>('meta[name="locale-version"]')?.content ?? "";
  const fetching = fetchTexts([...new Set(getInitialNamespaces())], version);
  // Remix reads the page's data from the document (single fetch's stream) in the first render of
  // `RemixBrowser`, and waits for it by suspending at the top of the app, above every `Suspense`
  // boundary. A tap while the page hydrates makes React 18 hydrate all of it at once,
  // synchronously; a render like that cannot wait, so React threw its error 345 and the page never
  // hydrated (a slow phone, a customer who taps while it starts). So the data is read first: called
  // as a plain function, `RemixBrowser` starts the reading and throws the promise it waits for
  // (which never rejects) before it uses a hook; hydration starts once that is settled. Should a
  // later Remix throw no promise, `await` passes on at once.
  try {
    RemixBrowser({});
  } catch (pending) {
    await pending;
  }
  const texts = await fetching;

  startTransition(() => {
    hydrateRoot(
      document,
      <TextsProvider texts={texts} version={version} later={SHOP_NAMESPACES}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TextsProvider>,
    );
  });
}

hydrate();
