import { useTranslation } from "~/i18n/texts";
import { useServerFragment } from "./ServerMarkup";
import { useInAppLinks } from "./useInAppLinks";
import { useOverlayDisclosure } from "./useOverlayDisclosure";

/**
 * The assortment menu: a disclosure that needs no JavaScript to open. Its panel (the category
 * tree, some 250 elements) is server markup rendered once per isolate, neither rendered again
 * for each page nor hydrated; a click on one of its links navigates inside the app as a `Link` would.
 */
export function CategoryMenu() {
  const { t } = useTranslation();
  const disclosure = useOverlayDisclosure();
  const panel = useServerFragment("categoryMenu");
  const followInApp = useInAppLinks();
  return (
    <details className="category-menu overlay-menu" {...disclosure}>
      <summary className="header-button">{t("menu.assortment")}</summary>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer Enter themselves; this only keeps their navigation in the app */}
      <nav
        className="overlay-panel category-panel"
        aria-label={t("menu.categoryNavigation")}
        onClick={followInApp}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, or an empty string in the browser so React keeps it
        dangerouslySetInnerHTML={{ __html: panel }}
      />
    </details>
  );
}
