import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/ContentArticle";
import { StorePage } from "~/components/store/StorePage";
import { addressLine } from "~/domain/address/format";
import { formatGermanDate } from "~/domain/content/date";
import { loadPage } from "~/domain/content/page.server";
import { isLoginRequired } from "~/domain/customer/login-required";
import { locationsSource } from "~/domain/store/locations.server";
import { unavailableLocations } from "~/http/store/locations.server";
import { storeMiniMap } from "~/domain/store/map-page.server";
import { tileSource, tileUrl } from "~/platform/map-tiles.server";
import { requireCustomer } from "~/platform/auth.server";
import { translator } from "~/platform/i18n.server";
import { liveFactsPage, notFound, publicPage } from "~/platform/route-data.server";
import { pageTitle } from "~/i18n/texts";

// Every path under /content/ that no route of its own takes: a store's page (`storePath`,
// /content/markt/{id}) or a content page by its slug, nested slugs included. Nothing on these
// pages is interactive: they ship no JavaScript.
export const handle = { i18n: ["common", "pages"], hydrate: false };

const STORE_PREFIX = "markt/";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (isLoginRequired(new URL(request.url).pathname)) await requireCustomer(request, context);
  const slug = params["*"] ?? "";
  const [t, common] = await Promise.all([translator("pages"), translator("common")]);
  if (slug.startsWith(STORE_PREFIX)) {
    // the store as the locations source describes it (docs/decisions/0050)
    const locations = locationsSource(context.env);
    const store = await locations.store(slug.slice(STORE_PREFIX.length)).catch(unavailableLocations);
    if (!store) throw notFound();
    const { specialDays } = store;
    const { model, names } = await storeMiniMap(locations, store).catch(unavailableLocations);
    const tiles = tileSource(context.env);
    // the back office changes hours and closed days at any time: rendered anew (decision 0045)
    return liveFactsPage(context, {
      kind: "store" as const,
      store,
      specialDays,
      map: {
        model,
        names,
        tileHrefs: model.tiles.map((tile) => tileUrl(tiles.template, tile.z, tile.x, tile.y)),
        attribution: tiles.attribution ?? t("stores.map.attributionDrawn"),
      },
      title: pageTitle(t("stores.page.title", { name: store.name }), common),
      description: t("stores.page.description", { name: store.name, address: addressLine(store) }),
    });
  }
  const page = await loadPage(context.env.DB, "content", slug);
  if (!page) throw notFound();
  return publicPage(context, {
    kind: "page" as const,
    page,
    updated: t("content.updated", { date: formatGermanDate(page.updatedAt) }),
    title: pageTitle(page.title, common),
    description: page.summary,
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export default function ContentPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "store") return <StorePage store={data.store} map={data.map} specialDays={data.specialDays} />;
  return (
    <div className="page">
      <ContentArticle title={data.page.title} bodyHtml={data.page.bodyHtml} updated={data.updated} />
    </div>
  );
}
