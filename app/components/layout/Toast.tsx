import { useCallback, useEffect, useRef, useState } from "react";
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
