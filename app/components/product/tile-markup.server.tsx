import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/i18n/texts";
import { BoundedMap } from "~/platform/bounded-map";
import type { TextStore } from "~/i18n/translate";
import type { TileBodyMarkup } from "./ProductTile";
import { TileBody } from "./TileBody";

/**
 * Tile bodies this isolate has rendered, by everything they show (the product's summary, the
 * picture's loading and resizing, the heading level): a price or a name that changes is a new
 * entry, the old one ages out. Texts change only with a deployment, which starts new isolates.
 */
const rendered = new BoundedMap<string, string>(5_000);

/**
 * The tiles' server markup for one page render (docs/decisions/0033). React renders it inside the
 * page's own render: its server renderer supports such a nested, synchronous render.
 */
export function tileMarkup(texts: TextStore): TileBodyMarkup {
  const common = { common: texts.common };
  return (body) => {
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
  };
}
