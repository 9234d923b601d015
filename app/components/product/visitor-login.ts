import { useLocation } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { useLoginPrompt } from "~/components/ui/LoginPrompt";
import { loginHref } from "~/platform/redirect";

/**
 * A visitor's shopping actions lead to the sign-in page and back to this page (without
 * JavaScript); with JavaScript a click on one of them opens the page's login prompt instead. The
 * handler is the actions' container's, so it serves the server's markup of a tile's actions, which
 * the browser keeps without hydrating it (ProductTile), as well as the actions React renders.
 */
export function useVisitorLogin() {
  const { open, preload } = useLoginPrompt();
  const location = useLocation();
  useEffect(preload, [preload]);
  const target = location.pathname + location.search;
  const onClick = (event: MouseEvent) => {
    if (!(event.target as Element).closest("a[href]")) return;
    event.preventDefault();
    open(target);
  };
  return { href: loginHref(target), onClick };
}

export const actionsClass = (compact: boolean) => (compact ? "shopping-actions compact" : "shopping-actions");

export interface VisitorActionProps {
  name: string;
  inStock: boolean;
  compact: boolean;
}
