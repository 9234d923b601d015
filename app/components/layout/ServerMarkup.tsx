import { createContext, type ReactNode, useContext } from "react";

/**
 * HTML that is the same on every page for a while (the category menu's panel, the footer): the
 * server renders it once per isolate (`components/layout/fragments.server.tsx`) and every page
 * puts the string in, so no request pays React for its elements again.
 */
export interface ServerFragments {
  categoryMenu: string;
  footer: string;
  /** The inline script that starts the app after the first paint (DeferredScripts.tsx). */
  startAfterPaint: string;
}

const FragmentsContext = createContext<Partial<ServerFragments>>({});
export const ServerFragmentsProvider = FragmentsContext.Provider;

/**
 * A fragment's HTML on the server; in the browser an empty string, which React, hydrating an
 * element with `dangerouslySetInnerHTML`, leaves alone (it does not compare or replace an
 * element's inner HTML): the server's markup stays without the code that made it.
 */
export function useServerFragment(name: keyof ServerFragments): string {
  const fragments = useContext(FragmentsContext);
  return typeof document === "undefined" ? (fragments[name] ?? "") : "";
}

/**
 * Markup the server renders and the browser keeps as it is, without the code that made it: the
 * children, or a fragment rendered once per isolate. Only for markup that needs no JavaScript and
 * does not change while the page lives; a slot mounted later in the browser (after an in-app
 * navigation) stays empty, so such markup belongs where it is rendered with the document.
 */
export function ServerMarkup({ children, fragment }: { children?: ReactNode; fragment?: keyof ServerFragments }) {
  const html = useServerFragment(fragment ?? "footer");
  if (typeof document === "undefined" && !fragment) return <div className="server-markup">{children}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, or an empty string in the browser so React keeps it
  return <div className="server-markup" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
