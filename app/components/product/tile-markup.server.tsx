import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/i18n/texts";
import type { TextStore } from "~/i18n/translate";
import { TileBody, type TileBodyMarkup } from "./ProductTile";

/**
 * Tile bodies this isolate has rendered, by everything they show (the product's summary, the
 * picture's loading and resizing, the heading level): a price or a name that changes is a new
 * entry, the old one ages out. Texts change only with a deployment, which starts new isolates.
 */
const rendered = new Map<string, string>();
const REMEMBERED_TILES = 5_000;

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
      if (rendered.size >= REMEMBERED_TILES) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, html);
    }
    return html;
  };
}
