import { useEffect, useState, type FunctionComponent } from "react";

/**
 * A browser-only part of the frame that renders nothing (the new-version watcher, the tracking
 * bridge): its module is fetched after hydration and the part mounts then, so a page's first load
 * goes without its code (docs/decisions/0054). The server renders nothing in its place, and nor
 * does the browser while it hydrates.
 */
export function AfterHydration<P extends object>({
  load,
  props,
}: {
  load: () => Promise<FunctionComponent<P>>;
  props: P;
}) {
  const [Part, setPart] = useState<FunctionComponent<P> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one module per place in the frame; `load` is a module-level function
  useEffect(() => {
    let mounted = true;
    load().then(
      (component) => mounted && setPart(() => component),
      (error: unknown) => console.warn(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return Part ? <Part {...props} /> : null;
}
