import type { NavigateFunction } from "@remix-run/react";
import { createContext, useContext, type MouseEvent } from "react";

/**
 * The page frame's `navigate` (root.tsx's layout provides it). A part that only follows links on
 * click takes it from here: `useNavigate` reads the current route's context, which is new at every
 * change of the router's state, and would render every tile of a listing again each time
 * (docs/decisions/0057). The function itself stays the same.
 */
const NavigateContext = createContext<NavigateFunction | null>(null);
export const InAppNavigateProvider = NavigateContext.Provider;

/**
 * A click handler for an element whose links are plain markup (server markup the browser keeps,
 * docs/architecture.md "Islands"): a click on one of them navigates inside the app, as a `Link`
 * would; a click with a modifier, another button or to another origin stays the browser's, and so
 * does every click outside the page frame.
 */
export function useInAppLinks(): (event: MouseEvent) => void {
  const navigate = useContext(NavigateContext);
  return (event: MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (
      !navigate ||
      !(link instanceof HTMLAnchorElement) ||
      event.defaultPrevented ||
      event.button ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.origin !== location.origin ||
      (link.target && link.target !== "_self")
    )
      return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
}
