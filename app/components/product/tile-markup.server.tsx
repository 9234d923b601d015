import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/i18n/texts";
import { BoundedMap } from "~/platform/bounded-map";
import type { TextStore } from "~/i18n/translate";
import type { TileMarkup } from "./ProductTile";
import { TileBody } from "./TileBody";
import { VisitorActionLinks } from "./VisitorActionLinks";

/**
 * Tile bodies this isolate has rendered, by everything they show (the product's summary, the
 * picture's loading and resizing, the heading level): a price or a name that changes is a new
 * entry, the old one ages out. Texts change only with a deployment, which starts new isolates.
 */
const rendered = new BoundedMap<string, string>(5_000);
/** A visitor's actions by stock and name, cut where the page's own sign-in link goes (HREF). */
const visitorActions = new BoundedMap<string, string[]>(5_000);
const HREF = "__visitor_login_href__";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** An attribute value as markup, escaped as React escapes it (a sign-in link may hold an apostrophe). */
const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The tiles' server markup for one page render (docs/decisions/0033). React renders it inside the
 * page's own render: its server renderer supports such a nested, synchronous render.
 */
export function tileMarkup(texts: TextStore): TileMarkup {
  const common = { common: texts.common };
  return {
    body: (body) => {
      const key = JSON.stringify(body);
      let html = rendered.get(key);
      if (html === undefined) {
        html = renderToStaticMarkup(
          <TextsProvider texts={common}>
            <TileBody {...body} />
          </TextsProvider>,
        );
        rendered.set(key, html);
      }
      return html;
    },
    // The same links for every page but their target: rendered once per product, the page's link put in.
    visitorActions: ({ name, inStock }, href) => {
      const key = `${inStock ? 1 : 0}${name}`;
      let parts = visitorActions.get(key);
      if (parts === undefined) {
        parts = renderToStaticMarkup(
          <TextsProvider texts={common}>
            <VisitorActionLinks name={name} inStock={inStock} compact href={HREF} />
          </TextsProvider>,
        ).split(HREF);
        visitorActions.set(key, parts);
      }
      return parts.join(attribute(href));
    },
  };
}
