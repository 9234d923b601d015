import { isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function ErrorTitle({ status }: { status: number }) {
  const { t } = useTranslation();
  return <title>{`${t("pages.error.title", { code: status })} – ${t("shop.name")}`}</title>;
}

/**
 * The error page (spec 2): title with the code, headline, a large 404-style graphic with an
 * animated loader, text, and one button. The button is a plain link with a full page load, so
 * the broken state is gone when the customer arrives at /.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const notFound = status === 404;
  return (
    <section className="error-page" aria-labelledby="error-headline">
      <p className="error-code">{t("pages.error.title", { code: status })}</p>
      <div className="error-graphic" aria-hidden="true">
        <span>{String(status).slice(0, 1)}</span>
        <span className="error-loader" />
        <span>{String(status).slice(2, 3)}</span>
      </div>
      <h1 id="error-headline">{notFound ? t("pages.notFound.headline") : t("pages.error.headline")}</h1>
      <p>{notFound ? t("pages.notFound.text") : t("pages.error.text")}</p>
      <a className="button button-primary" href="/" data-discover="false">{t("pages.error.button")}</a>
    </section>
  );
}
