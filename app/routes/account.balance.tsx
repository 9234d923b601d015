import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { BalancePaging } from "~/components/account/BalancePaging";
import { BalanceTable } from "~/components/account/BalanceTable";
import {
  BALANCE_FILTERS,
  historyPaging,
  historySearch,
  parseBalanceFilter,
  parseHistoryLimit,
  type BalanceHistory,
} from "~/domain/balance/history";
import { loadBalanceHistory } from "~/domain/balance/balance.server";
import { formatEuro } from "~/domain/money/format";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["balance"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const params = new URL(request.url).searchParams;
  const filter = parseBalanceFilter(params.get("filter"));
  const limit = parseHistoryLimit(params.get("limit"));
  const t = await translator("balance");
  let history: BalanceHistory | null = null;
  try {
    history = await loadBalanceHistory(context.env.DB, customer.id, filter, limit);
  } catch (error) {
    // The customer sees "not loadable"; the failure itself is only logged.
    console.error("balance could not be loaded", error);
  }
  return data(
    { history, filter, limit, title: pageTitle(t("title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export default function AccountBalance() {
  const { history, filter, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("balance");
  const paging = history ? historyPaging(limit, history.entries.length, history.hasMore) : null;
  return (
    <div className="account-page">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {history === null ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : (
        <>
          <p className="balance-current">
            <span>{t("current")}</span> <strong>{formatEuro(history.balanceCents)}</strong>
          </p>
          <h2>{t("history")}</h2>
          <nav aria-label={t("filterLabel")}>
            <ul className="filter-tabs">
              {BALANCE_FILTERS.map((f) => (
                <li key={f}>
                  <Link
                    to={historySearch(f)}
                    preventScrollReset
                    aria-current={f === filter ? "page" : undefined}
                    className={f === filter ? "tab is-active" : "tab"}
                  >
                    {t(`filter.${f}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {history.entries.length === 0 ? (
            <p className="empty-note">{t(filter === "all" ? "empty" : "emptyFilter")}</p>
          ) : (
            <BalanceTable entries={history.entries} />
          )}
          {paging ? (
            <BalancePaging
              filter={filter}
              shown={history.entries.length}
              moreLimit={paging.moreLimit}
              less={paging.less}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
