import { Link, useLocation } from "@remix-run/react";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import { whenIdle } from "~/components/layout/hydration";
import { loginHref } from "~/platform/redirect";

const LoginPromptContext = createContext<(redirectTo: string) => void>(() => {});

/**
 * The dialog's code (LoginPromptDialog.tsx, with Modal) is not part of a page's first load
 * (docs/decisions/0054). A page with a login-required link (a visitor's) fetches it once the browser
 * is idle after hydration; a press that comes earlier fetches it itself, and the dialog opens as
 * soon as the file is there.
 */
let dialogLoading: Promise<typeof import("./LoginPromptDialog")> | null = null;
const loadDialog = () => {
  dialogLoading ??= import("./LoginPromptDialog");
  return dialogLoading;
};
const LoginPromptDialog = lazy(loadDialog);

/** One login-prompt modal for the whole page, opened by visitors' shopping buttons. */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const location = useLocation();
  // Every navigation closes overlays, this one too.
  useEffect(() => setRedirectTo(null), [location.key]);
  const close = useCallback(() => setRedirectTo(null), []);
  return (
    <LoginPromptContext.Provider value={setRedirectTo}>
      {children}
      {redirectTo !== null ? (
        <Suspense fallback={null}>
          <LoginPromptDialog redirectTo={redirectTo} onClose={close} />
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
  const open = useContext(LoginPromptContext);
  const location = useLocation();
  useEffect(() => {
    if (!dialogLoading) whenIdle(() => void loadDialog());
  }, []);
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
