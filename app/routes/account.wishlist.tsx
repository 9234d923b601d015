import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { categoryHref } from "~/components/layout/CategoryMenu";
import { ProductGrid } from "~/components/product/ProductTile";
import { safeRedirectPath } from "~/domain/content/redirect";
import { changeWishlist, wishlistProducts } from "~/domain/customer/wishlist.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";
import { flashNotice, type Notice } from "~/platform/flash.server";
import { readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["account", "catalog"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [products, t] = await Promise.all([wishlistProducts(context.env.DB, customer.id), translator("account")]);
  return data({ products, title: `${t("wishlist.title")} – Frischkorb` }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/**
 * The heart buttons everywhere post here. Without JavaScript the form names the page to go back
 * to; the fetcher of the enhanced page leaves it out and just gets the notice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  const sku = form.get("sku");
  let notice: Notice = { type: "error", key: "account:wishlist.failed" };
  if ((intent === "add" || intent === "remove") && typeof sku === "string") {
    const name = await changeWishlist(context.env.DB, customer.id, sku, intent);
    if (name !== null) notice = { type: "success", key: intent === "add" ? "account:wishlist.added" : "account:wishlist.removed", values: { name } };
  }
  const headers = { "Set-Cookie": await flashNotice(request, context.env, notice) };
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") throw redirect(safeRedirectPath(redirectTo), { headers });
  return data({ ok: notice.type === "success" }, { headers, status: notice.type === "success" ? 200 : 400 });
}

export default function Wishlist() {
  const { products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page wishlist-page">
      <h1>{t("wishlist.title")}</h1>
      <p>{t("wishlist.intro")}</p>
      {products.length ? (
        <ProductGrid products={products} label={t("wishlist.title")} />
      ) : (
        <p className="empty-note">{t("wishlist.empty")} <Link to={categoryHref("startseite")}>{t("wishlist.toAssortment")}</Link></p>
      )}
    </div>
  );
}
