import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/ui/Icon";

/** Logging out changes state on the server, so it is a POST. A menu entry unless told another look. */
export function LogoutButton({ className = "menu-link" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="logout-form">
      <AuthenticityTokenInput />
      <button type="submit" className={className}>
        <Icon name="logout" />
        {t("menu.logout")}
      </button>
    </Form>
  );
}
