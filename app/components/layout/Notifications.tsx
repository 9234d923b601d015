import { useEffect, useRef, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon } from "~/components/ui/Icon";
import {
  NOTICE_DURATION_MS,
  NOTICE_REPLACE_DELAY_MS,
  planIncoming,
  type NoticeView,
} from "~/domain/notification/notice";

/**
 * Toasts of flashed notices. The server renders them, so they show without JavaScript; with
 * JavaScript they dismiss themselves after 10 s (paused while hovered or focused) and can be
 * closed. Only the notices of the last action are shown. The live region holds the messages
 * alone, so a screen reader announces the message and not the close button.
 */
export function Notifications({ notices }: { notices: NoticeView[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(notices);
  const seen = useRef(new Set(notices.map((n) => n.id)));
  const location = useLocation();
  const page = location.pathname + location.search;
  const lastPage = useRef(page);
  const hydrated = useHydrated();
  const region = useReservedSpace(shown.length);

  // Notices waiting for the replace delay; they outlive a re-run of the effect below (more loader
  // data within the delay), which would otherwise cancel their timer and lose them.
  const waiting = useRef<NoticeView[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new loader data or another page bring the change; `shown` is read, not watched
  useEffect(() => {
    const fresh = notices.filter((n) => !seen.current.has(n.id));
    for (const n of fresh) seen.current.add(n.id);
    const plan = planIncoming(shown, fresh, page !== lastPage.current, waiting.current);
    lastPage.current = page;
    setShown([...plan.keep, ...plan.now]);
    waiting.current = plan.later;
    if (!plan.later.length) return;
    const timer = setTimeout(() => {
      waiting.current = [];
      setShown((current) => [...current, ...plan.later]);
    }, NOTICE_REPLACE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notices, page]);

  const dismiss = (id: string) => setShown((current) => current.filter((n) => n.id !== id));
  return (
    <section className="notifications" aria-label={t("notifications.label")} ref={region}>
      <div role="status" aria-live="polite" aria-atomic="false" className="visually-hidden">
        {shown.map((notice) => (
          <p key={notice.id}>{notice.text}</p>
        ))}
      </div>
      {shown.map((notice) => (
        <Toast key={notice.id} notice={notice} interactive={hydrated} onDismiss={() => dismiss(notice.id)} />
      ))}
    </section>
  );
}

/**
 * Keeps the toasts from hiding what a keyboard user focuses: the page reserves their height at
 * its bottom (scroll padding for focus scrolling, body padding so the last links can scroll above
 * them). The stylesheet estimates the height from the number of toasts for the page without
 * JavaScript; here it is measured.
 */
function useReservedSpace(count: number) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = region.current;
    const root = document.documentElement;
    if (!element || !count) {
      root.style.removeProperty("--notices-height");
      return;
    }
    const measure = () =>
      root.style.setProperty(
        "--notices-height",
        `${Math.ceil(window.innerHeight - element.getBoundingClientRect().top)}px`,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty("--notices-height");
    };
  }, [count]);
  return region;
}

function Toast({
  notice,
  interactive,
  onDismiss,
}: {
  notice: NoticeView;
  interactive: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(NOTICE_DURATION_MS);

  useEffect(() => {
    if (!interactive || paused) return;
    const started = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [interactive, paused, onDismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover is an addition for pointer users; the toast's own buttons and focus serve the keyboard
    <div
      className={`toast toast-${notice.type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* read once, from the live region above */}
      <p aria-hidden="true">{notice.text}</p>
      {interactive ? (
        <button type="button" className="toast-close" onClick={onDismiss}>
          <Icon name="close" />
          <span className="visually-hidden">{t("notifications.close")}</span>
        </button>
      ) : null}
    </div>
  );
}
