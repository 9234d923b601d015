import type { ReactNode, Ref } from "react";
import { useKeptServerMarkup } from "./hydration";

/**
 * A part of a page that needs no JavaScript, with its code on demand (`onDemand` in on-demand.ts), kept as the
 * server's markup in the way of a tile's body (docs/decisions/0033): the browser keeps that markup
 * when it hydrates the page and never loads the part's code for it; it renders `children` itself
 * only for a part mounted later (an in-app navigation), once the code is there. Give it a `key`
 * that changes with what it shows: the kept markup stays as long as the element does.
 */
export function KeptMarkup({ className, children }: { className: string; children: ReactNode }) {
  const [kept, ref] = useKeptServerMarkup<HTMLDivElement>();
  if (typeof document === "undefined") return <div className={className}>{children}</div>;
  if (kept) return <ServerContent className={className} holder={ref} />;
  // mounted by a navigation, which waits for the code (no boundary: HydrationBoundary.tsx says why)
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}

/**
 * An element whose content stays the server's: React sets an empty string as its markup, which it
 * neither writes while hydrating nor warns about, and leaves the children the server sent alone.
 */
export function ServerContent({ className, holder }: { className: string; holder?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={holder}
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React keeps the server's markup
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}
