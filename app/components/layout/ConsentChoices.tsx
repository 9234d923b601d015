import { useRouteLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { CONSENT_CATEGORIES, CONSENT_VERSION, type Consent } from "~/platform/consent";

/**
 * The consent form of the banner and of `/consent` (docs/decisions/0027). A plain form post, also
 * with JavaScript: the page comes back in full, with the CSP and the tags its choice allows.
 * "Alle ablehnen" and "Alle akzeptieren" look alike and sit side by side; refusing is the first
 * button, so Enter never consents.
 */
export function ConsentChoices({
  source,
  back,
  current,
  error,
  categoriesOpen,
}: {
  source: "banner" | "settings";
  /** Where to go afterwards; without it, back to the page the form was sent from. */
  back?: string;
  current: Consent | null;
  error?: string;
  /** On the settings page the categories show at once; in the banner behind "Einstellungen". */
  categoriesOpen: boolean;
}) {
  const { t } = useTranslation();
  // A signed-in customer's form carries her CSRF token; a visitor's (from a cached page) none.
  const csrf = useRouteLoaderData<{ csrf: string | null }>("root")?.csrf;
  const categories = (
    <fieldset className="consent-categories" aria-describedby={error ? `consent-error-${source}` : undefined}>
      <legend>{t("consent.categoriesLegend")}</legend>
      <label className="consent-category">
        <input type="checkbox" defaultChecked disabled />
        <span>
          <strong>
            {t("consent.categories.necessary.label")} ({t("consent.alwaysOn")})
          </strong>
          <span>{t("consent.categories.necessary.text")}</span>
        </span>
      </label>
      {CONSENT_CATEGORIES.map((category) => (
        <label key={category} className="consent-category">
          <input type="checkbox" name="category" value={category} defaultChecked={current?.[category] ?? false} />
          <span>
            <strong>{t(`consent.categories.${category}.label`)}</strong>
            <span>{t(`consent.categories.${category}.text`)}</span>
          </span>
        </label>
      ))}
      <button type="submit" name="choice" value="save" className="button button-secondary">
        {t("consent.save")}
      </button>
    </fieldset>
  );
  return (
    <form method="post" action="/consent" className="consent-form">
      {csrf ? <AuthenticityTokenInput /> : null}
      <input type="hidden" name="consentVersion" value={CONSENT_VERSION} />
      <input type="hidden" name="source" value={source} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {error ? (
        <p className="field-error" id={`consent-error-${source}`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="consent-actions">
        <button type="submit" name="choice" value="rejectAll" className="button button-primary">
          {t("consent.rejectAll")}
        </button>
        <button type="submit" name="choice" value="acceptAll" className="button button-primary">
          {t("consent.acceptAll")}
        </button>
      </div>
      {categoriesOpen ? (
        categories
      ) : (
        <details className="consent-settings">
          <summary>{t("consent.settings")}</summary>
          {categories}
        </details>
      )}
    </form>
  );
}
