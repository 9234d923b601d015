import { useLocation } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { Icon } from "~/components/ui/Icon";
import { useLoginPrompt } from "~/components/ui/LoginPrompt";
import { useTranslation } from "~/i18n/texts";
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

/** Add to cart (or "sold out") and wish, for a visitor: links to `href`, the sign-in page. */
export function VisitorActionLinks({ name, inStock, compact, href }: VisitorActionProps & { href: string }) {
  const { t } = useTranslation();
  return (
    <>
      {inStock ? (
        <a
          href={href}
          className="button button-primary add-to-cart"
          aria-label={compact ? t("product.addToCartNamed", { name }) : undefined}
        >
          <Icon name="cart" />
          <span className={compact ? "visually-hidden-mobile" : undefined}>{t("product.addToCart")}</span>
        </a>
      ) : (
        <p className="sold-out-note">{t("product.soldOut")}</p>
      )}
      <a href={href} className="button button-icon wish" aria-label={t("product.addToWishlistNamed", { name })}>
        <Icon name="heart" />
      </a>
    </>
  );
}

/** A visitor's shopping actions, rendered by React (the product page, tiles mounted in the browser). */
export function VisitorActions(props: VisitorActionProps) {
  const { href, onClick } = useVisitorLogin();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer Enter themselves (as a click, which comes here)
    // biome-ignore lint/a11y/noStaticElementInteractions: the container only turns its links' clicks into the prompt
    <div className={actionsClass(props.compact)} onClick={onClick}>
      <VisitorActionLinks {...props} href={href} />
    </div>
  );
}
