import { Link, useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { loginHref } from "~/platform/redirect";
import { Modal } from "./Modal";

const LoginPromptContext = createContext<(redirectTo: string) => void>(() => {});

/** Opens the page's login prompt, which leads to the sign-in page and back to `redirectTo`. */
export function useLoginPrompt() {
  return useContext(LoginPromptContext);
}

/** One login-prompt modal for the whole page, opened by visitors' shopping buttons. */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const location = useLocation();
  // Every navigation closes overlays, this one too.
  useEffect(() => setRedirectTo(null), [location.key]);
  const close = useCallback(() => setRedirectTo(null), []);
  return (
    <LoginPromptContext.Provider value={setRedirectTo}>
      {children}
      {redirectTo !== null ? (
        <Modal labelledBy="login-prompt-title" onClose={close} className="login-prompt">
          <h2 id="login-prompt-title">{t("loginPrompt.headline")}</h2>
          <p>{t("loginPrompt.text")}</p>
          <Link className="button button-primary" to={loginHref(redirectTo)}>
            {t("loginPrompt.login")}
          </Link>
        </Modal>
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
  const open = useLoginPrompt();
  const location = useLocation();
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
