import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** A tile per area of the account. */
const TILES = [
  { key: "customer", to: "/account/customer" },
  { key: "address", to: "/account/address" },
  { key: "orders", to: "/account/order/overview" },
  { key: "cards", to: "/account/cards" },
  { key: "shares", to: "/account/shareholder" },
  { key: "balance", to: "/account/balance" },
  { key: "wishlist", to: "/account/wishlist" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const t = await translator("account");
  return data(
    { firstname: customer.firstname, title: pageTitle(t("overview.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export default function AccountOverview() {
  const { firstname } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page account-wide">
      <h1>{t("overview.headline", { name: firstname })}</h1>
      <p>{t("overview.intro")}</p>
      <ul className="account-tiles">
        {TILES.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="account-tile">
              <span className="account-tile-title">{t(`overview.tiles.${tile.key}.title`)}</span>
              <span className="account-tile-text">{t(`overview.tiles.${tile.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
