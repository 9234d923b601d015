import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * A click handler for an element whose links are plain markup (server markup the browser keeps,
 * docs/architecture.md "Islands"): a click on one of them navigates inside the app, as a `Link`
 * would; a click with a modifier, another button or to another origin stays the browser's.
 */
export function useInAppLinks(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.origin !== location.origin) return;
    if (link.target && link.target !== "_self") return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
}
