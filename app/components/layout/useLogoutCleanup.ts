import { useEffect, useRef } from "react";

/** After logout the browser forgets what it kept for the customer. */
export const LOGOUT_CLEANUP_DELAY_MS = 250;

export function useLogoutCleanup(signedIn: boolean) {
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const loggedOut = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (!loggedOut) return;
    const timer = setTimeout(() => {
      localStorage.clear();
      sessionStorage.clear();
      window.dispatchEvent(new Event("shop:logout"));
    }, LOGOUT_CLEANUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);
}
