import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { ClientOnly } from "remix-utils/client-only";
import { useTranslation, pageTitle } from "~/i18n/texts";
import StoreMap from "~/components/map/StoreMap.client";
import { StaticMap } from "~/components/map/StaticMap";
import { StoreList } from "~/components/store/StoreList";
import { readMapView, storeMapPage } from "~/domain/store/map-page.server";
import { locationsSource } from "~/domain/store/locations.server";
import { unavailableLocations } from "~/http/store/locations.server";
import { viewQuery, type MapView } from "~/domain/store/static-map";
import { storePath, weekLines } from "~/domain/store/store";
import { translator } from "~/platform/i18n.server";
import { tileSource, tileUrl } from "~/platform/map-tiles.server";
import { liveFactsPage } from "~/platform/route-data.server";

// The map's JavaScript (Leaflet) is part of this route alone; without it the server-drawn map and
// the store list are the whole page (docs/decisions/0022-store-map.md).
export const handle = { i18n: ["common", "pages"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = readMapView(Object.fromEntries(new URL(request.url).searchParams));
  const [{ stores, view, model }, t, common] = await Promise.all([
    storeMapPage(locationsSource(context.env), requested).catch(unavailableLocations),
    translator("pages"),
    translator("common"),
  ]);
  const tiles = tileSource(context.env);
  const days = t("stores.weekdays", { returnObjects: true }) as string[];
  const closed = t("stores.closed");
  // the back office changes hours and click & collect at any time: rendered anew (decision 0045)
  return liveFactsPage(context, {
    view,
    /** A view named in the address; otherwise the live map fits all of Germany into its own size. */
    explicitView: requested !== null,
    model,
    tileTemplate: tiles.template,
    tileHrefs: model.tiles.map((tile) => tileUrl(tiles.template, tile.z, tile.x, tile.y)),
    attribution: tiles.attribution ?? t("stores.map.attributionDrawn"),
    stores: stores.map((s) => ({
      id: s.id,
      name: s.name,
      street: `${s.street} ${s.houseNumber}`,
      city: `${s.zip} ${s.city}`,
      lat: s.latitude,
      lng: s.longitude,
      clickAndCollect: s.clickAndCollect,
      opening: weekLines(s.openingHours, days, closed),
      staffed: weekLines(s.staffedHours, days, closed),
      href: storePath(s.id),
    })),
    texts: {
      mapLabel: t("stores.map.liveLabel"),
      cluster: t("stores.map.cluster"),
      clusterSpread: t("stores.map.clusterSpread"),
      openingHours: t("stores.openingHours"),
      staffedHours: t("stores.staffedHours"),
      clickAndCollect: t("stores.clickAndCollect"),
      storePage: t("stores.map.storePage"),
      zoomIn: t("stores.map.controlZoomIn"),
      zoomOut: t("stores.map.controlZoomOut"),
      closePopup: t("stores.map.closePopup"),
      zoomedIn: t("stores.map.zoomedIn_other"),
      zoomedInOne: t("stores.map.zoomedIn_one"),
    },
    title: pageTitle(t("stores.title"), common),
    description: t("stores.intro", { count: stores.length }),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

const viewHref = (view: MapView) => `/content/map?${viewQuery(view)}#karte`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default function StoresPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  const { model, view } = data;
  const names = Object.fromEntries(data.stores.map((s) => [s.id, s.name]));
  const zoomTo = (zoom: number) => viewHref({ ...view, zoom });
  return (
    <div className="page stores-page">
      <h1>{t("stores.title")}</h1>
      <p>{t("stores.intro", { count: data.stores.length })}</p>
      <div className="store-map-layout">
        <section id="karte" className="store-map-area" aria-label={t("stores.map.label")}>
          <ClientOnly
            fallback={
              <>
                <p className="store-map-hint">{t("stores.map.hint")}</p>
                <nav className="static-map-controls" aria-label={t("stores.map.label")}>
                  {model.canZoomIn ? <a href={zoomTo(model.view.zoom + 1)}>{t("stores.map.zoomIn")}</a> : null}
                  {model.canZoomOut ? <a href={zoomTo(model.view.zoom - 1)}>{t("stores.map.zoomOut")}</a> : null}
                  <a href="/content/map#karte">{t("stores.map.all")}</a>
                </nav>
                <StaticMap
                  model={model}
                  tileHrefs={data.tileHrefs}
                  names={names}
                  label={t("stores.map.label")}
                  viewHref={viewHref}
                  clusterLabel={(count) => t("stores.map.cluster", { count })}
                  attribution={data.attribution}
                />
              </>
            }
          >
            {() => (
              <StoreMap
                stores={data.stores}
                view={data.explicitView ? view : null}
                tileTemplate={data.tileTemplate}
                attributionHtml={escapeHtml(data.attribution)}
                texts={data.texts}
              />
            )}
          </ClientOnly>
        </section>
        <StoreList stores={data.stores} title={t("stores.map.list", { count: data.stores.length })} />
      </div>
    </div>
  );
}
