import { SHARES_POLL_MS } from "~/domain/share/poll";

/**
 * The reload every 5 s of a blocked customer's page without JavaScript (inside the head), beside
 * the waiting modal (ShareWaitingModal.tsx), which polls instead when the page runs the app.
 */
export function WaitingRefresh({ scripts }: { scripts: boolean }) {
  const refresh = <meta httpEquiv="refresh" content={String(SHARES_POLL_MS / 1000)} />;
  // A page that runs the app polls instead; a page without any scripts always refreshes.
  return scripts ? <noscript>{refresh}</noscript> : refresh;
}
