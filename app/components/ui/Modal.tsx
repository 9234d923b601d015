import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useBrowserLayoutEffect } from "~/components/layout/hydration";
import { useTranslation } from "~/i18n/use-translation";
import { Icon } from "./Icon";
import { mainHeading } from "./main-heading";

/**
 * The shop's one dialog pattern, for every modal (login prompt, route modals, and whatever comes):
 * a native modal dialog, so focus moves into it on open and the page behind is inert; Tab and
 * Shift+Tab wrap around inside it; Escape, the backdrop and the close button call `onClose`;
 * when it goes away, focus returns to the control that opened it (or to the page's heading when
 * that control is gone). `openWithoutJs` renders it open on the server: a route modal is then a
 * plain dialog inside the page, whose `closeControl` is a link.
 *
 * Focus on opening (docs/decisions/0038): a control inside that already has it keeps it (a field
 * with `autoFocus`, which the browser also honours without JavaScript); otherwise the first
 * control, never a heading or the dialog itself, so Tab always has somewhere to go.
 */
export function Modal({
  labelledBy,
  onClose,
  closeControl,
  openWithoutJs,
  className,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  closeControl?: ReactNode;
  openWithoutJs?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // Taken while rendering: a field's autoFocus has moved the focus into the dialog by the time effects run.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  // Before the browser paints: the dialog is rendered open in the page (for the page without
  // JavaScript, right below its heading) and would show there for a frame.
  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focused = document.activeElement;
    const keep =
      focused instanceof HTMLElement && dialog.contains(focused) && focused.matches(FOCUSABLE) ? focused : null;
    // The server's `open` makes a non-modal dialog; only showModal() makes the page inert.
    if (dialog.open) dialog.close();
    dialog.showModal();
    const target = keep ?? (document.activeElement?.matches(FOCUSABLE) ? null : controls(dialog)[0]);
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      returnFocus(opener);
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      open={openWithoutJs}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={containTab}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {closeControl ?? (
        <button type="button" className="modal-close" onClick={onClose}>
          <Icon name="close" />
          <span className="visually-hidden">{t("global.close")}</span>
        </button>
      )}
      {children}
    </dialog>
  );
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** The dialog's visible controls, in Tab order. */
function controls(dialog: Element): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last (not to the browser's toolbar). */
function containTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = controls(event.currentTarget);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const wrapTo = event.shiftKey
    ? document.activeElement === first
      ? last
      : null
    : document.activeElement === last
      ? first
      : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}

/** Back to the opener; a dialog opened by loading its URL, or whose opener is gone, hands focus to the page's heading. */
function returnFocus(opener: Element | null) {
  // The dialog has left the DOM just now; the page must be interactive again before focusing.
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const target =
      opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : mainHeading();
    target?.focus({ preventScroll: true });
  });
}

/**
 * The heading of a dialog that has no field to start in (a question to confirm, a wait). It takes
 * the focus when its page loads, also without JavaScript, where the dialog is part of the page: the
 * customer is at the dialog, not at the top of the page, and its first control is one Tab away
 * (docs/decisions/0038). With JavaScript `Modal` moves the focus on to the first control.
 */
export function DialogTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noAutofocus: the dialog is what the page is opened for; see above
    <h2 id={id} tabIndex={-1} autoFocus>
      {children}
    </h2>
  );
}
