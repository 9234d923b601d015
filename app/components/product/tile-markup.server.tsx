import { renderToStaticMarkup } from "react-dom/server";
import type { CategoryTree } from "~/domain/catalog/category";
import { DEFAULT_PACK_COLOR, inlinePackshot, packShapeDefs, packShapeOf } from "~/domain/catalog/packshot";
import { TextsProvider } from "~/i18n/texts";
import { BoundedMap } from "~/platform/bounded-map";
import type { TextStore } from "~/i18n/translate";
import type { TileMarkup } from "./ProductTile";
import { TileBody } from "./TileBody";
import { VisitorActionLinks } from "./VisitorActionLinks";

/**
 * Tile bodies this isolate has rendered, by everything they show (the product's summary, the
 * picture's loading and resizing, the heading level, the drawn pack's colour): a price or a name
 * that changes is a new entry, the old one ages out. Texts change only with a deployment, which
 * starts new isolates.
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
 * page's own render: its server renderer supports such a nested, synchronous render. `tree` gives
 * the drawn packs their category's colour.
 */
export function tileMarkup(texts: TextStore, tree: CategoryTree | null): TileMarkup & { packShapes: () => string } {
  const common = { common: texts.common };
  // what this page's packs use, for the shapes it defines once (packShapes)
  const shapes = new Set<string>();
  let organic = false;
  return {
    body: (body) => {
      const { product } = body;
      // A product without a photo shows the pack the shop draws, in the page's markup (decision
      // 0061); a category the tree does not know (an error page's empty menu) in the default colour.
      const drawn = !product.photo;
      const isOrganic = product.labels.includes("organic");
      if (drawn) {
        shapes.add(packShapeOf(product.pack.shape));
        organic ||= isOrganic;
      }
      const color = tree?.byId.get(product.pack.category)?.color ?? DEFAULT_PACK_COLOR;
      const key = color + JSON.stringify(body);
      let html = rendered.get(key);
      if (html === undefined) {
        const { name, brand } = product;
        const drawnPack = drawn
          ? inlinePackshot({ name, brand, shape: product.pack.shape, color, organic: isOrganic })
          : undefined;
        html = renderToStaticMarkup(
          <TextsProvider texts={common}>
            <TileBody {...body} drawnPack={drawnPack} />
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
    /** The shapes the page's packs have used so far, defined once (after the last tile: in the footer). */
    packShapes: () => packShapeDefs(shapes, organic),
  };
}
