import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError,
  useRouteLoaderData, type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { useDarkMode } from "~/components/layout/ThemeToggle";
import { ErrorPage, ErrorTitle, errorStatus } from "~/components/ui/ErrorPage";
import { LoginPromptProvider } from "~/components/ui/LoginPrompt";
import { useNonce } from "~/components/layout/nonce";
import { menuCategories } from "~/domain/catalog/category";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { localeVersion, LOCALE } from "~/platform/i18n.server";
import { readDarkMode } from "~/platform/theme.server";
import stylesheet from "~/styles/app.css";

export const handle = { i18n: ["common"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [{ name: "theme-color", content: "#2f6b2f" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tree = await loadCategoryTree(context.env.DB);
  return {
    locale: LOCALE,
    localeVersion,
    darkMode: readDarkMode(request.headers.get("Cookie")),
    menu: menuCategories(tree),
    imageResizing: context.env.IMAGE_RESIZING === "on",
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

// The menu and theme only change through a form post; plain navigations reuse them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

/** Pages without anything interactive (legal, content) set `handle.hydrate = false`: no JavaScript. */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const hydrate = useHydrate();
  const dark = useDarkMode(data?.darkMode ?? "0") === "1";
  const { t } = useTranslation();
  const nonce = useNonce();
  const error = useRouteError();
  return (
    <html lang={data?.locale ?? "de"} className={dark ? "theme-dark" : "theme-light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={dark ? "dark" : "light"} />
        {hydrate && data ? <meta name="locale-version" content={data.localeVersion} /> : null}
        {error ? <ErrorTitle status={errorStatus(error)} /> : <Meta />}
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">{t("shop.skipToContent")}</a>
        <LoginPromptProvider>
          <Header menu={data?.menu ?? []} darkMode={dark ? "1" : "0"} />
          <main id="main" className="main" tabIndex={-1}>{children}</main>
          <Footer />
        </LoginPromptProvider>
        {/* A page without JavaScript gets no scripts from the server; but when the browser already
            runs the app and navigates to such a page, scroll restoration must stay in charge. */}
        {hydrate || typeof document !== "undefined" ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate || typeof document !== "undefined" ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={errorStatus(error)} />;
}
