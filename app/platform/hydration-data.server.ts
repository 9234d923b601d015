/**
 * Remix's hydration data for a document rendered in one piece (docs/decisions/0031).
 *
 * With single fetch, Remix streams a page's loader data (turbo-stream) into the document through
 * a Suspense boundary that waits for each chunk. The shop renders documents with `renderToString`,
 * which does not wait (docs/decisions/0031), so the data is read whole before rendering. It goes into
 * the page as it is, in a `<script type="application/json">` the browser does not run: the page's
 * start script hands its text to Remix (`streamController.enqueue`, then `close`). Remix's own
 * scripts write it as a JavaScript string instead, which escapes every quote of the data again
 * (about a quarter of a listing's data) and has the browser parse it as code.
 */
import type { EntryContext } from "@remix-run/cloudflare";

/**
 * Remix's escaping of JSON inside an inline script (no `</script>`, no line separators): in JSON the
 * characters can only stand inside strings, where the escapes read back as the characters.
 */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
export const escapeInlineScript = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);

/**
 * Takes the hydration data off the context, so React's render does not wait for it; `null` when the
 * page has none (Remix's error documents before the data exist).
 */
export async function takeHydrationData(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  context.serverHandoffStream = undefined;
  return new Response(stream).text();
}

/** Where the page's start script (`fragments.server.tsx`) finds the data. */
export const PAGE_DATA_ID = "page-data";

/** The page's data for Remix's client, as text the browser keeps without running it. */
export function hydrationDataScript(data: string): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${escapeInlineScript(data)}</script>`;
}
