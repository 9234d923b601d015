import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { categoryHref } from "~/domain/catalog/href";
import { ProductGrid } from "~/components/product/ProductTile";
import { wishlistProducts } from "~/domain/customer/wishlist.server";
import { answerWishlistForm } from "~/http/wishlist-form.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { readForm, replyWithNotices } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account", "catalog"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [products, t] = await Promise.all([wishlistProducts(context.env.DB, customer.id), translator("account")]);
  return data(
    { products, title: pageTitle(t("wishlist.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/**
 * The heart buttons everywhere post here. Without JavaScript the form names the page to go back
 * to; the fetcher of the enhanced page leaves it out and just gets the notice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const notice = await answerWishlistForm(context.env.DB, customer.id, form);
  return replyWithNotices(context, form, [notice]);
}

export default function Wishlist() {
  const { products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page wishlist-page">
      <h1>{t("wishlist.title")}</h1>
      <p>{t("wishlist.intro")}</p>
      {products.length ? (
        <ProductGrid products={products} label={t("wishlist.title")} headingLevel={2} />
      ) : (
        <p className="empty-note">
          {t("wishlist.empty")} <Link to={categoryHref("startseite")}>{t("wishlist.toAssortment")}</Link>
        </p>
      )}
    </div>
  );
}
