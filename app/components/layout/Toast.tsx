import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "~/components/ui/Icon";
import { NOTICE_DURATION_MS, type NoticeView } from "~/domain/notification/notice";

/**
 * One notice of the toasts (Notifications.tsx). The browser loads this module on demand
 * (docs/decisions/0054).
 */
export function Toast({ notice, onDismiss }: { notice: NoticeView; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  // Its own question, not a prop: the toast may hydrate later than the rest (Notifications.tsx).
  const interactive = useHydrated();
  const dismiss = useCallback(() => onDismiss(notice.id), [onDismiss, notice.id]);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(NOTICE_DURATION_MS);
  const element = useRef<HTMLDivElement>(null);
  useReservedSpace(element);

  useEffect(() => {
    if (!interactive || paused) return;
    const started = Date.now();
    const timer = setTimeout(dismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [interactive, paused, dismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover is an addition for pointer users; the toast's own buttons and focus serve the keyboard
    <div
      ref={element}
      className={`toast toast-${notice.type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* read once, from the live region above */}
      <p aria-hidden="true">{notice.text}</p>
      {interactive ? (
        <button type="button" className="toast-close" onClick={dismiss}>
          <Icon name="close" />
          <span className="visually-hidden">{t("notifications.close")}</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Keeps the toasts from hiding what a keyboard user focuses: while a toast is there, the page
 * reserves the notifications' height at its bottom (app.css: scroll padding for focus scrolling,
 * body padding so the last links can scroll above them). The stylesheet estimates it from the
 * number of toasts until a toast's code is there (and without JavaScript); each toast measures it
 * then, and again when the notifications change size (a toast more or less) or the window does.
 * The stylesheet reads the figure only while a toast is on the page, so the last toast leaves it.
 */
function useReservedSpace(toast: RefObject<HTMLElement>) {
  useEffect(() => {
    const region = toast.current?.parentElement;
    if (!region) return;
    const measure = () =>
      document.documentElement.style.setProperty(
        "--notices-height",
        `${Math.ceil(window.innerHeight - region.getBoundingClientRect().top)}px`,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [toast]);
}
