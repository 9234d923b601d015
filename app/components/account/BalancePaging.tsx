import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import { historySearch, type BalanceFilter } from "~/domain/balance/history";

/**
 * "Mehr anzeigen" / "Weniger anzeigen" below the history: links, so they work without JavaScript;
 * with it the list changes in place. The link used may be gone afterwards (nothing more to show,
 * or back at the first page): focus then moves to the one that is there instead of getting lost
 * (docs/decisions/0011).
 */
export function BalancePaging({
  filter,
  moreLimit,
  less,
}: {
  filter: BalanceFilter;
  moreLimit: number | null;
  less: boolean;
}) {
  const { t } = useTranslation("balance");
  const links = useRef<HTMLElement>(null);
  const used = useRef(false);
  useEffect(() => {
    if (!used.current) return;
    used.current = false;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusLost) links.current?.querySelector("a")?.focus({ preventScroll: true });
  }, [moreLimit, less]);
  if (moreLimit === null && !less) return null;
  const remember = () => {
    used.current = true;
  };
  return (
    <nav aria-label={t("moreLabel")} className="button-row balance-more" ref={links}>
      {moreLimit !== null ? (
        <Link
          to={historySearch(filter, moreLimit)}
          preventScrollReset
          className="button button-secondary"
          onClick={remember}
        >
          {t("more")}
        </Link>
      ) : null}
      {less ? (
        <Link to={historySearch(filter)} preventScrollReset className="button button-secondary" onClick={remember}>
          {t("less")}
        </Link>
      ) : null}
    </nav>
  );
}
