import { Scripts } from "@remix-run/react";
import { useServerFragment } from "./ServerMarkup";

/**
 * Starts Remix's scripts (route manifest, module preloads, hydration) only after the first
 * paint; the start script itself is a server fragment (`startAfterPaint`, fragments.server.tsx),
 * so its text is in the document once and never in the browser's JavaScript.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  const startScript = useServerFragment("startAfterPaint");
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own constant start script, carrying the CSP nonce (docs/decisions/0007); an empty string in the browser, which React leaves alone */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: startScript }} />
    </>
  );
}
