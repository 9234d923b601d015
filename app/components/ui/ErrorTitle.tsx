import { isRouteErrorResponse } from "@remix-run/react";
import { pageTitle, useTranslation } from "~/i18n/texts";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The error page's title in the document's head. Apart from the page (ErrorPage.tsx), whose code
 * the browser loads only for an error (docs/decisions/0054).
 */
export function ErrorTitle({ status }: { status: number }) {
  const { t } = useTranslation();
  return <title>{pageTitle(t("pages.error.title", { code: status }), t)}</title>;
}
