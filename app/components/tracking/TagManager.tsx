import { useState } from "react";

/**
 * The tag manager's start in the head (docs/decisions/0027): the server-made inline data-layer
 * start, then the container script. Only rendered for a visitor who allowed statistics on the
 * production host. Kept as first rendered: the inline script ran once, and a later revalidation
 * of the root data must not rewrite it.
 */
export function TagManager({
  scriptUrl,
  bootstrap,
  nonce,
}: {
  scriptUrl: string;
  bootstrap: string;
  nonce: string | undefined;
}) {
  const [first] = useState({ scriptUrl, bootstrap });
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server builds it with scriptJson, which keeps every value data */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: first.bootstrap }} />
      <script async src={first.scriptUrl} nonce={nonce} />
    </>
  );
}
