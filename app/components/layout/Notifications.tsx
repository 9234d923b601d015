import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon } from "~/components/ui/Icon";
import { NOTICE_DURATION_MS, NOTICE_REPLACE_DELAY_MS, planIncoming, type NoticeView } from "~/domain/notification/notice";

/**
 * Toasts of flashed notices. The server renders them, so they show without JavaScript; with
 * JavaScript they dismiss themselves after 10 s (paused while hovered or focused) and can be
 * closed. A live region announces new ones.
 */
export function Notifications({ notices }: { notices: NoticeView[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(notices);
  const hydrated = useHydrated();

  useEffect(() => {
    const plan = planIncoming(shown, notices);
    if (!plan.now.length && !plan.later.length) return;
    setShown([...plan.keep, ...plan.now]);
    if (!plan.later.length) return;
    const timer = setTimeout(() => setShown((current) => [...current, ...plan.later]), NOTICE_REPLACE_DELAY_MS);
    return () => clearTimeout(timer);
    // Only new loader data brings new notices; `shown` is read, not watched.
  }, [notices]);

  const dismiss = (id: string) => setShown((current) => current.filter((n) => n.id !== id));
  return (
    <section className="notifications" aria-label={t("notifications.label")}>
      <div role="status" aria-live="polite" aria-atomic="false">
        {shown.map((notice) => (
          <Toast key={notice.id} notice={notice} interactive={hydrated} onDismiss={() => dismiss(notice.id)} />
        ))}
      </div>
    </section>
  );
}

function Toast({ notice, interactive, onDismiss }: { notice: NoticeView; interactive: boolean; onDismiss: () => void }) {
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
    <div
      className={`toast toast-${notice.type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p>{notice.text}</p>
      {interactive ? (
        <button type="button" className="toast-close" onClick={onDismiss}>
          <Icon name="close" />
          <span className="visually-hidden">{t("notifications.close")}</span>
        </button>
      ) : null}
    </div>
  );
}
