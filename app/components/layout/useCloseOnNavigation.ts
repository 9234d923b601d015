import { useLocation } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/** Every navigation closes the menu, category and search overlays (spec 2). */
export function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement>) {
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
