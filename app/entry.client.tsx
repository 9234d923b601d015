import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { SHOP_NAMESPACES } from "./i18n/config";
import { fetchTexts, TextsProvider } from "./i18n/texts";

async function hydrate() {
  // The server names the text version, so the translation files can be cached for good.
  const version = document.querySelector<HTMLMetaElement>('meta[name="locale-version"]')?.content ?? "";
  const texts = await fetchTexts([...new Set(getInitialNamespaces())], version);

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
