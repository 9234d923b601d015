import { memo, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { NOTICE_REPLACE_DELAY_MS, planIncoming, type NoticeView } from "~/domain/notification/notice";
import { whenIdle } from "./hydration";
import { onDemand } from "./on-demand";
import * as onServer from "./on-demand.server";

/**
 * A toast's code (Toast.tsx) is not part of a page's first load (docs/decisions/0054): most pages
 * show none. A page that comes with one hydrates it once the file is there (the server's toast
 * stands meanwhile, and the live region below speaks at once); the browser fetches it when idle,
 * for the notices of later actions.
 */
const Toast = onDemand(onServer.Toast, () => import("./Toast").then((m) => m.Toast));

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
  // Whether the shown notices came while another action was still on its way (planIncoming).
  const acting = useActionOnItsWay();
  const overlapped = useRef(false);

  // Notices waiting for the replace delay; they outlive a re-run of the effect below (more loader
  // data within the delay), which would otherwise cancel their timer and lose them.
  const waiting = useRef<NoticeView[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new loader data or another page bring the change; `shown` and `acting` are read, not watched
  useEffect(() => {
    const fresh = notices.filter((n) => !seen.current.has(n.id));
    for (const n of fresh) seen.current.add(n.id);
    const plan = planIncoming(shown, fresh, page !== lastPage.current, waiting.current, overlapped.current);
    lastPage.current = page;
    if (fresh.length) overlapped.current = acting;
    const next = [...plan.keep, ...plan.now];
    // The same toasts stay the same list: a toast whose code is still on its way must not be updated
    // (its `Suspense` boundary would give up the server's markup, see ToastList).
    setShown((current) =>
      current.length === next.length && current.every((n, i) => n.id === next[i].id) ? current : next,
    );
    waiting.current = plan.later;
    if (!plan.later.length) return;
    const timer = setTimeout(() => {
      waiting.current = [];
      setShown((current) => [...current, ...plan.later]);
    }, NOTICE_REPLACE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notices, page]);

  useEffect(() => whenIdle(() => void Toast.load()), []);

  const dismiss = useCallback((id: string) => setShown((current) => current.filter((n) => n.id !== id)), []);
  return (
    <section className="notifications" aria-label={t("notifications.label")}>
      <div role="status" aria-live="polite" aria-atomic="false" className="visually-hidden">
        {shown.map((notice) => (
          <p key={notice.id}>{notice.text}</p>
        ))}
      </div>
      <ToastList shown={shown} onDismiss={dismiss} />
    </section>
  );
}

/** Whether a form sent by the customer (a page's or a fetcher's) is still waiting for its answer or its data. */
function useActionOnItsWay(): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return Boolean(navigation.formData) || fetchers.some((f) => f.formData);
}

/**
 * The toasts, in a `Suspense` boundary that keeps the server's markup until their code is there.
 * Memoised, with a list and a handler that stay the same objects: a boundary that receives an
 * update before it has hydrated switches to rendering in the browser and drops that markup.
 */
const ToastList = memo(function ToastList({
  shown,
  onDismiss,
}: {
  shown: NoticeView[];
  onDismiss: (id: string) => void;
}) {
  if (!shown.length) return null;
  return (
    <Suspense fallback={null}>
      {shown.map((notice) => (
        <Toast key={notice.id} notice={notice} onDismiss={onDismiss} />
      ))}
    </Suspense>
  );
});
