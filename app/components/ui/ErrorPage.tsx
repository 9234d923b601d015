import { isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { pageTitle } from "~/i18n/page-title";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Client errors with their own explanation (docs/decisions/0008); any other code reads as a fault of ours. */
const EXPLAINED_STATUSES = [400, 403, 405, 413, 415];

export function ErrorTitle({ status }: { status: number }) {
  const { t } = useTranslation();
  return <title>{pageTitle(t("pages.error.title", { code: status }), t)}</title>;
}

/**
 * The error page: title with the code, headline, a large 404-style graphic with an
 * animated loader, text, and one button. The button is a plain link with a full page load, so
 * the broken state is gone when the customer arrives at /.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const texts =
    status === 404
      ? "pages.notFound"
      : EXPLAINED_STATUSES.includes(status)
        ? `pages.error.status.${status}`
        : "pages.error";
  return (
    <section className="error-page" aria-labelledby="error-headline">
      <p className="error-code">{t("pages.error.title", { code: status })}</p>
      <div className="error-graphic" aria-hidden="true">
        <span>{String(status).slice(0, 1)}</span>
        <span className="error-loader" />
        <span>{String(status).slice(2, 3)}</span>
      </div>
      <h1 id="error-headline">{t(`${texts}.headline`)}</h1>
      <p>{t(`${texts}.text`)}</p>
      <a className="button button-primary" href="/" data-discover="false">
        {t("pages.error.button")}
      </a>
    </section>
  );
}
