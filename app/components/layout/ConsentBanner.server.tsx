import { useTranslation } from "~/i18n/texts";
import { ConsentChoices } from "./ConsentChoices";

/**
 * The banner on a visit without a choice (docs/decisions/0027). It stands at the top of the page
 * in the normal flow, before the header: the first thing read and reached by Tab, yet it covers
 * nothing and locks nothing, so the page stays usable for everyone who does not answer.
 *
 * Server-only (rendered into a `ServerMarkup` slot): nothing in it needs JavaScript, so no page
 * pays for it in its first-load budget. Its form names no way back: the consent action goes back
 * to the page the form was sent from (the Referer), which stays right after in-app navigations.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title">{t("consent.title")}</h2>
      <p>
        {t("consent.text")} <a href="/pages/legal/datenschutz">{t("consent.privacyLink")}</a>
      </p>
      <ConsentChoices source="banner" current={null} categoriesOpen={false} />
    </section>
  );
}
