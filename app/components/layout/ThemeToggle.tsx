import { useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useShopper } from "~/components/account/useShopper";
import { Icon } from "~/components/ui/Icon";
import { submitInPlace } from "~/components/ui/submitInPlace";
import type { DarkMode } from "~/domain/customer/dark-mode";

const THEME_ACTION = "/theme";

/** The theme to show now: a pending toggle wins over the server's value, so it switches at once. */
export function useDarkMode(serverValue: DarkMode): DarkMode {
  const pending = useFetchers()
    .find((f) => f.formAction === THEME_ACTION && f.formData)
    ?.formData?.get("darkMode");
  return pending === "1" || pending === "0" ? pending : serverValue;
}

/**
 * A plain form post without JavaScript (the action sets the cookie and redirects back); with
 * JavaScript a fetcher, so the page stays where it is.
 */
export function ThemeToggle({ darkMode }: { darkMode: DarkMode }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "theme" });
  const location = useLocation();
  const next: DarkMode = darkMode === "1" ? "0" : "1";
  const { customer } = useShopper();
  return (
    <fetcher.Form
      method="post"
      action={THEME_ACTION}
      className="theme-toggle"
      onSubmit={submitInPlace(fetcher, THEME_ACTION)}
    >
      {customer ? <AuthenticityTokenInput /> : null}
      <input type="hidden" name="darkMode" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="menu-link">
        <Icon name={darkMode === "1" ? "sun" : "moon"} />
        {darkMode === "1" ? t("theme.toLight") : t("theme.toDark")}
      </button>
    </fetcher.Form>
  );
}
