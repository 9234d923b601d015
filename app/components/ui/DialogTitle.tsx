import type { ReactNode } from "react";

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
