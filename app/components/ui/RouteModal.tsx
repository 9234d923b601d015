import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "./Icon";

/**
 * A modal that is a nested route (ARCHITECTURE "Requests"): the server renders it as an open
 * dialog inside the page, so it works without JavaScript; with JavaScript it becomes a real modal
 * (focus trap, Escape, backdrop). Closing goes back to the parent page.
 */
export function RouteModal({ labelledBy, closeTo, children }: { labelledBy: string; closeTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      className="modal route-modal"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <Link to={closeTo} className="modal-close" preventScrollReset>
        <Icon name="close" />
        <span className="visually-hidden">{t("global.close")}</span>
      </Link>
      {children}
    </dialog>
  );
}
