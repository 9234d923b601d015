/**
 * Remix's hydration data for a document rendered in one piece (docs/decisions/0031).
 *
 * With single fetch, Remix streams a page's loader data (turbo-stream) into the document through
 * a Suspense boundary that waits for each chunk. The shop renders documents with `renderToString`,
 * which does not wait (docs/decisions/0031), so the data is read whole before rendering and written as the same scripts
 * Remix writes: `streamController.enqueue(…)` with the data, then `close()`.
 */
import type { EntryContext } from "@remix-run/cloudflare";

/** Remix's escaping of a JSON string inside an inline script (no `</script>`, no line separators). */
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

/** The scripts that hand the data to Remix's client, as its own StreamTransfer writes them. */
export function hydrationScripts(data: string, nonce: string): string {
  const open = `<script nonce="${nonce}">`;
  return (
    `${open}window.__remixContext.streamController.enqueue(${escapeInlineScript(JSON.stringify(data))});</script>` +
    `${open}window.__remixContext.streamController.close();</script>`
  );
}
