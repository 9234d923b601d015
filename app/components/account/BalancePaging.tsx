import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { historySearch, type BalanceFilter } from "~/domain/balance/history";

/**
 * "Mehr anzeigen" / "Weniger anzeigen" below the history: links, so they work without JavaScript;
 * with it the list changes in place. The link used may be gone afterwards (nothing more to show,
 * or back at the first page): focus then moves to the one that is there instead of getting lost
 * (docs/decisions/0011). A polite live region says how many entries "Mehr anzeigen" added, as
 * nothing else tells a screen reader that the list grew; without JavaScript it stays empty and the
 * new page load says it.
 */
export function BalancePaging({
  filter,
  shown,
  moreLimit,
  less,
}: {
  filter: BalanceFilter;
  /** How many entries the list shows now. */
  shown: number;
  moreLimit: number | null;
  less: boolean;
}) {
  const { t } = useTranslation("balance");
  const links = useRef<HTMLElement>(null);
  /** The number of entries shown when a link was used ("more" only counts for the announcement). */
  const used = useRef<{ more: boolean; before: number; paging: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const paging = `${shown} ${moreLimit} ${less}`;
  useEffect(() => {
    const link = used.current;
    // Only once the list has changed: another render meanwhile (the texts arriving, say) is not it.
    if (!link || link.paging === paging) return;
    used.current = null;
    const added = shown - link.before;
    setAnnouncement(link.more && added > 0 ? t("moreShown", { count: added }) : "");
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusLost) links.current?.querySelector("a")?.focus({ preventScroll: true });
  }, [paging, shown, t]);
  const remember = (more: boolean) => () => {
    used.current = { more, before: shown, paging };
  };
  const status = (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
  if (moreLimit === null && !less) return status;
  return (
    <>
      {status}
      <nav aria-label={t("moreLabel")} className="button-row balance-more" ref={links}>
        {moreLimit !== null ? (
          <Link
            to={historySearch(filter, moreLimit)}
            preventScrollReset
            className="button button-secondary"
            onClick={remember(true)}
          >
            {t("more")}
          </Link>
        ) : null}
        {less ? (
          <Link
            to={historySearch(filter)}
            preventScrollReset
            className="button button-secondary"
            onClick={remember(false)}
          >
            {t("less")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
