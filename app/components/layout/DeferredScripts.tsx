import { Scripts } from "@remix-run/react";

/**
 * Starts Remix's scripts (route manifest, module preloads, hydration) only after the first
 * paint. The page is complete without JavaScript, so on a slow phone connection the stylesheet
 * and the product images should have the bandwidth first: fetching ~100 KB of modules in
 * parallel put the first paint about a second later in Lighthouse's mobile run.
 *
 * The scripts wait in an inert <template>. A tiny inline script moves them into the document
 * once it is parsed and a frame has been painted (or after 500 ms in a tab that does not paint);
 * there they run as Remix wrote them. Remix streams the loader data in inline scripts after
 * these that call `__remixContext.streamController`; until the real context exists, a stand-in
 * collects their chunks and hands them over.
 */
const START_AFTER_PAINT = `(function(){var chunks=[],closed=false,started=false;
window.__remixContext={streamController:{enqueue:function(c){chunks.push(c)},close:function(){closed=true}}};
function start(){if(started)return;started=true;var t=document.getElementById("app-scripts");if(!t)return;
document.body.appendChild(document.importNode(t.content,true));var c=window.__remixContext.streamController;
chunks.forEach(function(x){c.enqueue(x)});if(closed)c.close()}
function later(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,500)}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",later);else later()})()`;

export function DeferredScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      {typeof document === "undefined" ? (
        <template id="app-scripts">
          <Scripts nonce={nonce} />
        </template>
      ) : (
        // The browser never renders the scripts again: the template has done its work.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empties the template in the browser; nothing is inserted
        <template id="app-scripts" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own constant start script, carrying the CSP nonce (docs/decisions/0007) */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_AFTER_PAINT }} />
    </>
  );
}
