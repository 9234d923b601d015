import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { DeferredScripts } from "~/components/layout/DeferredScripts";
import { ConsentBanner } from "~/components/layout/ConsentBanner.server";
import { ServerMarkup } from "~/components/layout/ServerMarkup";
import { useHydrationDone, whenIdle } from "~/components/layout/hydration";
import { RootDataContext } from "~/components/layout/root-data";
import { InAppNavigateProvider } from "~/components/layout/useInAppLinks";
import { TagManager } from "~/components/tracking/TagManager";
import { Notifications } from "~/components/layout/Notifications";
import { useLogoutCleanup } from "~/components/layout/useLogoutCleanup";
import { Header } from "~/components/layout/Header";
import { AfterHydration } from "~/components/layout/AfterHydration";
import { useReloadIfOutdated } from "~/components/layout/useReloadIfOutdated";
import { RouteAnnouncer } from "~/components/layout/RouteAnnouncer";
import { useDarkMode } from "~/components/layout/ThemeToggle";
import { ErrorTitle, errorStatus } from "~/components/ui/ErrorTitle";
import { LoginPromptProvider } from "~/components/ui/LoginPrompt";
import { useNonce } from "~/components/layout/nonce";
import { WaitingRefresh } from "~/components/share/WaitingRefresh";
import * as onServer from "~/components/layout/on-demand.server";
import { onDemand } from "~/components/layout/on-demand";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { loadShopper } from "~/http/customer/shopper.server";
import { isStaffArea, loadStaffFrame } from "~/http/staff/staff-frame.server";
import { pageTracking } from "~/http/tracking/page.server";
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
  // The tree is loaded here so a database failure shows the error page; entry.server.tsx renders
  // the menu from the isolate's copy.
  // The back office is a door of its own: no customer, no tracking (docs/decisions/0039).
  const staffArea = isStaffArea(new URL(request.url).pathname);
  const [, shopper, tracking] = await Promise.all([
    loadCategoryTree(context.env.DB),
    staffArea ? loadStaffFrame(request, context) : loadShopper(request, context),
    staffArea ? { askConsent: false, tagManager: null } : pageTracking(request, context),
  ]);
  return data(
    {
      locale: LOCALE,
      localeVersion,
      darkMode: readDarkMode(request.headers.get("Cookie")),
      imageResizing: context.env.IMAGE_RESIZING === "on",
      ...tracking,
      ...shopper.data,
    },
    { headers: shopper.headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

// For a visitor the menu and theme only change through a form post, so plain navigations reuse
// them; a signed-in customer's header (wishlist, notices, session expiry) is fresh on every page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : document.documentElement.dataset.signedIn === "1";

/**
 * Parts of the frame that few pages show, with their code on demand (components/layout/on-demand.ts,
 * docs/decisions/0054): the shares' notices (few customers, rarely, docs/decisions/0021) and the
 * error page. One that comes after the page has loaded (an error after a navigation) shows once its
 * file is there; the error page's is fetched when the browser is idle, so that it is at hand should
 * the network be gone by then.
 */
const ShareWaitingModal = onDemand(onServer.ShareWaitingModal, () =>
  import("~/components/share/ShareWaitingModal").then((m) => m.ShareWaitingModal),
);
const SharesReady = onDemand(onServer.SharesReady, () =>
  import("~/components/share/SharesReady").then((m) => m.SharesReady),
);
/** The login prompt's dialog, loaded on demand (components/ui/LoginPrompt.tsx). */
const LoginPromptDialog = onDemand(undefined, () => import("~/components/ui/LoginPromptDialog").then((m) => m.default));
const loadVersionWatch = () => import("~/components/layout/NewVersionWatch").then((m) => m.NewVersionWatch);
const loadTrackingBridge = () => import("~/components/tracking/TrackingBridge").then((m) => m.TrackingBridge);
const ErrorPage = onDemand(onServer.ErrorPage, () => import("~/components/ui/ErrorPage").then((m) => m.ErrorPage));

/** Pages without anything interactive (legal, content) set `handle.hydrate = false`: no JavaScript. */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/**
 * The waiting modal blocks every page of a customer whose declaration is being checked, except the
 * pages that stand for the outside world (signing sandbox, development pages: `handle.blocking = false`).
 */
/** The back office's pages (`handle.area = "staff"`) have their own frame (routes/staff.tsx). */
function useStaffArea(): boolean {
  return useMatches().some((m) => (m.handle as { area?: string } | undefined)?.area === "staff");
}

function useBlocked(data: RootData | undefined): boolean {
  const exempt = useMatches().some((m) => (m.handle as { blocking?: boolean } | undefined)?.blocking === false);
  return data?.shares?.state === "blocked" && !exempt;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const hydrate = useHydrate();
  const blocked = useBlocked(data);
  const dark = useDarkMode(data?.darkMode ?? "0") === "1";
  const { t } = useTranslation();
  const nonce = useNonce();
  const navigate = useNavigate();
  const error = useRouteError();
  useLogoutCleanup(Boolean(data?.customer));
  // The layout wraps every page and error page: what mounts after its first commit is no hydration.
  useHydrationDone();
  useEffect(() => whenIdle(() => void ErrorPage.load()), []);
  // The settings page is the banner's form in full; it does not ask twice.
  const consentPage = useMatches().some((m) => m.id === "routes/consent");
  const staffArea = useStaffArea();
  return (
    <html
      lang={data?.locale ?? "de"}
      className={dark ? "theme-dark" : "theme-light"}
      data-signed-in={data?.customer ? "1" : "0"}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={dark ? "dark" : "light"} />
        {hydrate && data ? <meta name="locale-version" content={data.localeVersion} /> : null}
        {error ? <ErrorTitle status={errorStatus(error)} /> : <Meta />}
        <Links />
        {data?.tagManager ? (
          <TagManager scriptUrl={data.tagManager.scriptUrl} bootstrap={data.tagManager.bootstrap} nonce={nonce} />
        ) : null}
        {blocked ? <WaitingRefresh scripts={hydrate} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("shop.skipToContent")}
        </a>
        <AuthenticityTokenProvider token={data?.csrf ?? ""}>
          <RootDataContext.Provider value={data}>
            <InAppNavigateProvider value={navigate}>
              {data?.askConsent && !consentPage ? (
                <ServerMarkup>
                  <ConsentBanner />
                </ServerMarkup>
              ) : null}
              {staffArea ? (
                <>
                  <Notifications notices={data?.notices ?? []} />
                  {children}
                </>
              ) : (
                <LoginPromptProvider Dialog={LoginPromptDialog}>
                  <Header darkMode={dark ? "1" : "0"} customer={data?.customer ?? null} cart={data?.cart ?? null} />
                  <Notifications notices={data?.notices ?? []} />
                  {blocked ? (
                    <Suspense fallback={null}>
                      <ShareWaitingModal />
                    </Suspense>
                  ) : null}
                  <main id="main" className="main" tabIndex={-1}>
                    {data?.shares?.state === "ready" ? (
                      <Suspense fallback={null}>
                        <SharesReady quantity={data.shares.quantity} />
                      </Suspense>
                    ) : null}
                    {children}
                  </main>
                  <ServerMarkup fragment="footer" />
                </LoginPromptProvider>
              )}
              <RouteAnnouncer />
            </InAppNavigateProvider>
          </RootDataContext.Provider>
        </AuthenticityTokenProvider>
        {/* A page without JavaScript gets no scripts from the server; but when the browser already
            runs the app and navigates to such a page, scroll restoration must stay in charge. */}
        {hydrate || typeof document !== "undefined" ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate || typeof document !== "undefined" ? <DeferredScripts nonce={nonce} /> : null}
        {/* Only in a browser running the app; it renders nothing, so no page carries anything for it. */}
        <AfterHydration load={loadVersionWatch} props={{}} />
        {data?.tagManager ? (
          <AfterHydration load={loadTrackingBridge} props={{ group: data.tagManager.group }} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // In the browser's console; on the server handleError (entry.server.tsx) has logged it in full,
  // and what reaches this render is only Remix's sanitized "Unexpected Server Error".
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  useReloadIfOutdated(error);
  return (
    <Suspense fallback={null}>
      <ErrorPage status={errorStatus(error)} data={isRouteErrorResponse(error) ? error.data : null} />
    </Suspense>
  );
}
