import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/i18n/texts";
import type { TextStore } from "~/i18n/translate";
import { type CategoryTree, menuCategories } from "~/domain/catalog/category";
import { CategoryPanel } from "./CategoryPanel.server";
import { Footer } from "./Footer.server";
import type { ServerFragments } from "./ServerMarkup";
import { PAGE_DATA_ID } from "~/platform/hydration-data.server";

/**
 * Starts Remix's scripts (route manifest, module preloads, hydration) only after the first
 * paint. The page is complete without JavaScript, so on a slow phone connection the stylesheet
 * and the product images should have the bandwidth first: fetching ~100 KB of modules in
 * parallel put the first paint about a second later in Lighthouse's mobile run.
 *
 * The scripts wait in an inert <template>. A tiny inline script moves them into the document
 * once it is parsed and a frame has been painted (or after 500 ms in a tab that does not paint);
 * there they run as Remix wrote them. The page's loader data waits as text in the document
 * (hydration-data.server.ts); once Remix's scripts have made its context, the data is handed to
 * its stream (`__remixContext.streamController`) and the stream closed.
 *
 * Each module preload goes in in a task of its own: starting a request costs the main thread a
 * millisecond or more on a slow phone, and the eight of a page at once made a long task
 * (docs/decisions/0057). The downloads still start within a few milliseconds. Then each shared
 * chunk (`/build/_shared/`) runs as a module script of its own, the next once the last has run, and
 * only then Remix's scripts, which find those modules run: the page's modules in several tasks, not
 * one long one (docs/decisions/0058).
 */
const START_AFTER_PAINT = `(function(){var started=false;
function start(){if(started)return;started=true;var t=document.getElementById("app-scripts");if(!t)return;
var nodes=[].slice.call(document.importNode(t.content,true).childNodes),shared=[];next();
function next(){var n=nodes[0];if(n&&n.tagName==="LINK"){nodes.shift();document.body.appendChild(n);
if(n.href.indexOf("/_shared/")>0)shared.push(n.href);return setTimeout(next,0)}evaluate()}
function evaluate(){var h=shared.shift();if(!h)return rest();var s=document.createElement("script");s.type="module";s.src=h;
s.onload=s.onerror=function(){setTimeout(evaluate,0)};document.head.appendChild(s)}
function rest(){for(var n;(n=nodes.shift());)document.body.appendChild(n);
var d=document.getElementById("${PAGE_DATA_ID}"),c=window.__remixContext.streamController;if(d){c.enqueue(d.textContent);c.close()}}}
function later(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,500)}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",later);else later()})()`;

/**
 * The fragments every page shares, rendered once per isolate and again only when what they show
 * changes: the category tree (a new tree object at most once a minute) or the year in the footer.
 * Texts change only with a deployment, which starts new isolates.
 */
let menu: { tree: CategoryTree | null; html: string } | null = null;
let footer: { year: number; html: string } | null = null;

export function serverFragments(tree: CategoryTree | null, texts: TextStore): ServerFragments {
  const render = (node: React.ReactNode) =>
    renderToStaticMarkup(<TextsProvider texts={{ common: texts.common }}>{node}</TextsProvider>);
  if (!menu || menu.tree !== tree) {
    menu = { tree, html: tree ? render(<CategoryPanel menu={menuCategories(tree)} />) : "" };
  }
  const year = new Date().getFullYear();
  if (!footer || footer.year !== year) footer = { year, html: render(<Footer />) };
  return { categoryMenu: menu.html, footer: footer.html, startAfterPaint: START_AFTER_PAINT };
}
