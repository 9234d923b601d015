import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Fetch from "i18next-fetch-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";

async function hydrate() {
  // The server names the text version, so the translation files can be cached for good.
  const version = document.querySelector<HTMLMetaElement>('meta[name="locale-version"]')?.content ?? "";
  await i18next
    .use(initReactI18next)
    .use(Fetch)
    .init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${version}` },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
