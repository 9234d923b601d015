import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { loginHref } from "~/platform/redirect";
import type { LoginPromptDialogProps } from "./LoginPrompt";
import { Modal } from "./Modal";

/**
 * The login prompt's dialog. Loaded on demand (LoginPrompt.tsx): it shows only when a visitor
 * presses a shopping button, so the first load of a page goes without it and Modal
 * (docs/decisions/0054).
 */
export default function LoginPromptDialog({ redirectTo, onClose }: LoginPromptDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal labelledBy="login-prompt-title" onClose={onClose} className="login-prompt">
      <h2 id="login-prompt-title">{t("loginPrompt.headline")}</h2>
      <p>{t("loginPrompt.text")}</p>
      <Link className="button button-primary" to={loginHref(redirectTo)}>
        {t("loginPrompt.login")}
      </Link>
    </Modal>
  );
}
