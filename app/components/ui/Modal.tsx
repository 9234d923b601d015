import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "./Icon";

/** A native modal dialog: focus trap, Escape and the backdrop come from the browser. */
export function Modal({ labelledBy, onClose, children, className }: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={(event) => { if (event.target === ref.current) onClose(); }}
    >
      <button type="button" className="modal-close" onClick={onClose}>
        <Icon name="close" />
        <span className="visually-hidden">{t("global.close")}</span>
      </button>
      {children}
    </dialog>
  );
}
