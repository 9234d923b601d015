import { lazy, type ComponentType } from "react";

/**
 * A field with its checks, from their file (CheckedCartFields, with conform and zod). Should that
 * file not load (a connection lost on the way), the plain field stays, `plain`: the browser's own
 * checks and the server's notices hold, as without JavaScript, and the page is not lost.
 */
export function withChecks<P extends object>(
  pick: (checks: typeof import("./CheckedCartFields")) => ComponentType<P>,
  plain: ComponentType<P>,
) {
  return lazy(() =>
    import("./CheckedCartFields").then(
      (checks) => ({ default: pick(checks) }),
      (error: unknown) => {
        console.warn("the fields' checks did not load", error);
        return { default: plain };
      },
    ),
  );
}
