import { Link, useLocation } from "@remix-run/react";
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import { whenIdle } from "~/components/layout/hydration";
import type { OnDemand } from "~/components/layout/on-demand";
import { loginHref } from "~/platform/redirect";

/** The login prompt's dialog (LoginPromptDialog.tsx) as the provider renders it. */
export interface LoginPromptDialogProps {
  redirectTo: string;
  onClose: () => void;
}

const LoginPromptContext = createContext<{ open: (redirectTo: string) => void; preload: () => void }>({
  open: () => {},
  preload: () => {},
});

/** The page's login prompt: `open` leads to the sign-in page and back, `preload` fetches its code early. */
export function useLoginPrompt() {
  return useContext(LoginPromptContext);
}

/**
 * One login-prompt modal for the whole page, opened by visitors' shopping buttons. The dialog's
 * code (with Modal) is not part of a page's first load (docs/decisions/0054): the page frame
 * (root.tsx) hands it in as a part on demand, as this module is one of the frame's shared modules and
 * may not reach the dialog's (tests/unit/layers.test.ts, no import circle). A page with a
 * login-required link (a visitor's) fetches it once the browser is idle after hydration; a press
 * that comes earlier fetches it itself, and the dialog opens as soon as the file is there.
 */
export function LoginPromptProvider({
  children,
  Dialog,
}: {
  children: ReactNode;
  Dialog: OnDemand<LoginPromptDialogProps>;
}) {
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const location = useLocation();
  // Every navigation closes overlays, this one too.
  useEffect(() => setRedirectTo(null), [location.key]);
  const close = useCallback(() => setRedirectTo(null), []);
  const value = useMemo(() => ({ open: setRedirectTo, preload: () => whenIdle(() => void Dialog.load()) }), [Dialog]);
  return (
    <LoginPromptContext.Provider value={value}>
      {children}
      {redirectTo !== null ? (
        <Suspense fallback={null}>
          <Dialog redirectTo={redirectTo} onClose={close} />
        </Suspense>
      ) : null}
    </LoginPromptContext.Provider>
  );
}

/**
 * For a visitor, a shopping action is a link to /login (works without JavaScript); with
 * JavaScript it opens the login prompt instead.
 */
export function LoginRequiredLink({
  children,
  className,
  label,
  redirectTo,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
  redirectTo?: string;
}) {
  const { open, preload } = useLoginPrompt();
  const location = useLocation();
  useEffect(preload, [preload]);
  const target = redirectTo ?? location.pathname + location.search;
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    open(target);
  };
  return (
    <a href={loginHref(target)} className={className} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}

/** A link to a login-required page: the page itself when signed in, the login prompt otherwise. */
export function AccountLink({
  signedIn,
  to,
  children,
  className,
  label,
}: {
  signedIn: boolean;
  to: string;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  if (signedIn)
    return (
      <Link to={to} className={className} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <LoginRequiredLink className={className} label={label} redirectTo={to}>
      {children}
    </LoginRequiredLink>
  );
}
