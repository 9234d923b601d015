import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "./Icon";
import { Modal } from "./Modal";

/**
 * A modal that is a nested route (docs/architecture.md "Requests"): the server renders it as an open
 * dialog inside the page, so it works without JavaScript; with JavaScript it is the shop's one
 * Modal. Closing goes back to the parent page.
 */
export function RouteModal({
  labelledBy,
  closeTo,
  children,
}: {
  labelledBy: string;
  closeTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      labelledBy={labelledBy}
      className="route-modal"
      openWithoutJs
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
      closeControl={
        <Link to={closeTo} className="modal-close" preventScrollReset>
          <Icon name="close" />
          <span className="visually-hidden">{t("global.close")}</span>
        </Link>
      }
    >
      {children}
    </Modal>
  );
}
