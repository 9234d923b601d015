import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { mainHeading } from "~/components/ui/main-heading";

/**
 * A client-side navigation to another page moves focus to the new page's main heading and
 * announces its title in a polite live region, as a page load would for a screen reader. Staying
 * on the page (filters, sorting, a search's query) keeps focus where it is, and a route modal
 * opening or closing (a nested route) leaves focus to the dialog.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const previous = useRef<{ pathname: string; modal: boolean } | null>(null);
  useEffect(() => {
    const modal = document.querySelector(".route-modal") !== null;
    const before = previous.current;
    previous.current = { pathname, modal };
    if (!before || before.pathname === pathname || before.modal || modal) return;
    // After the frame in which the new page's title and heading are in place.
    const frame = requestAnimationFrame(() => {
      mainHeading()?.focus({ preventScroll: true });
      setMessage(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <div id="route-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
