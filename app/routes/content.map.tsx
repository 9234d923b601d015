import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { StoreCard } from "~/components/store/StoreCard";
import { listStores } from "~/domain/store/store.server";
import { translator } from "~/platform/i18n.server";
import { publicPage } from "~/platform/route-data.server";

// The store list is complete without JavaScript; the interactive map island joins it later.
export const handle = { i18n: ["common", "pages"], hydrate: false };

export async function loader({ context }: LoaderFunctionArgs) {
  const [stores, t, common] = await Promise.all([
    listStores(context.env.DB),
    translator("pages"),
    translator("common"),
  ]);
  return publicPage(context, {
    stores,
    title: `${t("stores.title")} – ${common("shop.name")}`,
    description: t("stores.intro", { count: stores.length }),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export default function StoresPage() {
  const { stores } = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  return (
    <div className="page stores-page">
      <h1>{t("stores.title")}</h1>
      <p>{t("stores.intro", { count: stores.length })}</p>
      <ul className="store-list">
        {stores.map((s) => (
          <li key={s.id}>
            <StoreCard store={s} />
          </li>
        ))}
      </ul>
    </div>
  );
}
