import { useTranslation } from "~/i18n/texts";

/** The legally required pages are linked from every page. */
export const LEGAL_SLUGS = ["impressum", "datenschutz", "agb", "widerrufsbelehrung", "versand-zahlung"] as const;

const SERVICE_LINKS = [
  ["/content/online-shop", "onlineShop"],
  ["/content/haeufige-fragen", "faq"],
  ["/content/pfand", "deposit"],
  ["/content/map", "stores"],
  ["/account/abocenter/marketing", "newsletter"],
] as const;

const SHOP_LINKS = [
  ["/content/ueber-uns", "about"],
  ["/content/mitgliedschaft", "membership"],
  ["/content/neuigkeiten", "news"],
] as const;

/**
 * The same on every page and nothing in it needs JavaScript: rendered by the server into a
 * `ServerMarkup` slot, once per isolate, so no page pays for it. Its links are plain page loads.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t("footer.legal")}</h2>
          <ul>
            {LEGAL_SLUGS.map((slug) => (
              <li key={slug}>
                <a href={`/pages/legal/${slug}`}>{t(`footer.links.${slug}`)}</a>
              </li>
            ))}
            <li>
              <a href="/pages/legal">{t("footer.links.allLegal")}</a>
            </li>
            <li>
              <a href="/consent">{t("footer.links.cookieSettings")}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service">{t("footer.service")}</h2>
          <ul>
            {SERVICE_LINKS.map(([to, key]) => (
              <li key={to}>
                <a href={to}>{t(`footer.links.${key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t("footer.shop")}</h2>
          <ul>
            {SHOP_LINKS.map(([to, key]) => (
              <li key={to}>
                <a href={to}>{t(`footer.links.${key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-note">
        {t("footer.vatNotice")} {t("footer.alcoholNotice")}
      </p>
      <p className="footer-note">{t("footer.payment")}</p>
      <p className="footer-note">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
