import { PrefetchPageLinks } from "@remix-run/react";
import { createContext, memo, useContext, useEffect, useState } from "react";
import type { ProductSummary } from "~/domain/catalog/product";
import { productHref } from "~/domain/catalog/href";
import { useKeptServerMarkup, whenIdle } from "~/components/layout/hydration";
import { onDemand } from "~/components/layout/on-demand";
import { useInAppLinks } from "~/components/layout/useInAppLinks";
import { useImageResizing } from "./useImageResizing";
import { ShoppingActions } from "./ShoppingActions";
import { actionsClass, useVisitorLogin } from "./visitor-login";
import { useShopper } from "~/components/account/useShopper";
import type { TileBodyProps } from "./TileBody";

/**
 * The body's own code (picture, marks, price: TileBody.tsx) in the browser. The tiles of the first
 * page keep the server's markup, so the page's first load goes without it; it is fetched once the
 * browser is idle after hydration, for the tiles a navigation or "more" mounts, and on demand by
 * such a tile should it come first (docs/decisions/0054). Such a tile has no `Suspense` boundary
 * of its own: it is mounted in a transition (a navigation, "more"), which waits for the code and
 * shows its tiles whole (HydrationBoundary.tsx says why).
 */
const Body = onDemand<TileBodyProps>(undefined, () => import("./TileBody").then((m) => m.TileBody));

/** A visitor's action links as React renders them, for such tiles too: fetched with the body. */
const VisitorActionLinks = onDemand(undefined, () => import("./VisitorActionLinks").then((m) => m.VisitorActionLinks));

let tileCodeRequested = false;

/**
 * The server's markup of a tile's body and of a visitor's actions, rendered once per product and
 * look and kept by the isolate (tile-markup.server.tsx); absent in the browser.
 */
export interface TileMarkup {
  body: (body: TileBodyProps) => string;
  /** A visitor's actions, leading to `href` (the sign-in page and back). */
  visitorActions: (product: { name: string; inStock: boolean }, href: string) => string;
}
const TileMarkupContext = createContext<TileMarkup | null>(null);
export const TileMarkupProvider = TileMarkupContext.Provider;

/**
 * A product tile. Its body is server markup (docs/decisions/0033): the server renders it once per
 * product and the browser keeps it without hydrating it; a tile mounted later in the browser (a
 * navigation, "more") renders it itself. A visitor's actions (links to the sign-in page, a click
 * opens the login prompt) are server markup the same way; a customer's are React's to update.
 * `headingLevel`: the name is a heading one level below the section the grid sits in.
 * Memoised: a listing that renders again (the router's state changed) leaves its tiles alone while
 * their products are the same (docs/decisions/0057).
 */
export const ProductTile = memo(function ProductTile({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: ProductSummary;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const resizing = useImageResizing();
  const serverMarkup = useContext(TileMarkupContext);
  const [kept, bodyRef] = useKeptServerMarkup<HTMLDivElement>();
  const followInApp = useInAppLinks();
  // As a Link with prefetch="intent": the product page's modules and data once the shopper points at it.
  const [intent, setIntent] = useState(false);
  const { customer } = useShopper();
  const visitor = useVisitorLogin();
  const [actionsKept, actionsRef] = useKeptServerMarkup<HTMLDivElement>();
  // The kept links lead back to the page they were rendered for; on another address (a new sort, a
  // filter: the same tile stays mounted) React renders them for this one.
  const [keptHref] = useState(visitor.href);
  useEffect(() => {
    if (tileCodeRequested) return;
    tileCodeRequested = true;
    whenIdle(() => {
      void Body.load();
      void VisitorActionLinks.load();
    });
  }, []);
  // After every hook: the server's markup is a nested render, after which React's server renderer
  // no longer knows this component (a hook called then fails).
  const body: TileBodyProps = { product, eager, headingLevel, resizing };
  const server = typeof document === "undefined";
  const markup = server ? serverMarkup?.body(body) : kept ? "" : undefined;
  const actionsMarkup = server
    ? serverMarkup?.visitorActions(product, visitor.href)
    : actionsKept && visitor.href === keptHref
      ? ""
      : undefined;
  const events = { onClick: followInApp, onMouseEnter: () => setIntent(true), onFocus: () => setIntent(true) };
  return (
    <article className="product-tile">
      {markup === undefined ? (
        // The link inside answers keys itself; the handlers keep its navigation in the app.
        <div key="own" className="tile-body" ref={bodyRef} {...events}>
          <Body {...body} />
        </div>
      ) : (
        <div
          key="kept"
          className="tile-body"
          ref={bodyRef}
          {...events}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of the tile, or an empty string in the browser so React keeps it
          dangerouslySetInnerHTML={{ __html: markup }}
        />
      )}
      {intent ? <PrefetchPageLinks page={productHref(product.sku)} /> : null}
      {customer ? (
        <ShoppingActions sku={product.sku} name={product.name} inStock={product.inStock} compact />
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer Enter themselves (as a click, which comes here)
        // biome-ignore lint/a11y/noStaticElementInteractions: the container only turns its links' clicks into the prompt
        <div
          key={actionsMarkup === undefined ? "own-actions" : "kept-actions"}
          className={actionsClass(true)}
          ref={actionsRef}
          onClick={visitor.onClick}
          {...(actionsMarkup === undefined
            ? {
                children: (
                  <VisitorActionLinks name={product.name} inStock={product.inStock} compact href={visitor.href} />
                ),
              }
            : // the server's own markup of a visitor's actions, or an empty string in the browser so React keeps it
              { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: actionsMarkup } })}
        />
      )}
    </article>
  );
});

export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  headingLevel,
}: {
  products: ProductSummary[];
  eagerCount?: number;
  label?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.sku}>
          <ProductTile product={p} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
