import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { OrderTable } from "~/components/order/OrderTable";
import { ORDER_FILTERS, parseOrderFilter, type OrderSummary } from "~/domain/order/order";
import { listOrders } from "~/domain/order/order.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const filter = parseOrderFilter(new URL(request.url).searchParams.get("filter"));
  const t = await translator("orders");
  let orders: OrderSummary[] | null = null;
  try {
    orders = await listOrders(context.env.DB, customer.id, filter);
  } catch (error) {
    // The customer sees "not loadable"; the failure itself is only logged.
    console.error("orders could not be loaded", error);
  }
  return data(
    { orders, filter, title: pageTitle(t("title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export default function OrderOverview() {
  const { orders, filter } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <div className="account-page account-wide">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <nav aria-label={t("filterLabel")}>
        <ul className="filter-tabs">
          {ORDER_FILTERS.map((f) => (
            <li key={f}>
              <Link
                to={f === "all" ? "?" : `?filter=${f}`}
                aria-current={f === filter ? "page" : undefined}
                className={f === filter ? "tab is-active" : "tab"}
              >
                {t(`filter.${f}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders === null ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : orders.length === 0 ? (
        <p className="empty-note">{t("empty")}</p>
      ) : (
        <OrderTable orders={orders} />
      )}
    </div>
  );
}
