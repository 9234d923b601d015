import { useTranslation } from "~/i18n/texts";

/**
 * An error inside the back office's frame, leading back to its overview (not the shop's home): a
 * role's refusal in the back office's words, anything else as the shop explains its status codes
 * (common:pages.error). Its own small component rather than the shop's ErrorPage, so that the
 * shop's first-load JavaScript does not share a chunk with the back office (budgets in
 * docs/architecture.md).
 */
export function StaffErrorPage({ status, forbidden }: { status: number; forbidden: boolean }) {
  const { t } = useTranslation(["staff", "common"]);
  const explained = `common:pages.error.status.${status}.headline`;
  const texts = forbidden
    ? "staff:forbidden"
    : status === 404
      ? "common:pages.notFound"
      : t(explained) !== explained.slice("common:".length)
        ? `common:pages.error.status.${status}`
        : "common:pages.error";
  return (
    <section className="error-page" aria-labelledby="error-headline">
      <p className="error-code">{t("common:pages.error.title", { code: status })}</p>
      <h1 id="error-headline">{t(`${texts}.headline`)}</h1>
      <p>{t(`${texts}.text`)}</p>
      <a className="button button-primary" href="/staff">
        {t("staff:forbidden.back")}
      </a>
    </section>
  );
}
