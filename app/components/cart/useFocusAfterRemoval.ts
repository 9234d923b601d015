import { useEffect, useRef } from "react";
import { mainHeading } from "~/components/ui/main-heading";

/**
 * When a cart line disappears while one of its controls had the keyboard focus ("Entfernen", "−"
 * down to 0), the browser drops the focus to <body>. It goes to the name of the line that took the
 * removed one's place instead, or to the page heading when the cart is empty; the notification
 * says what happened.
 */
export function useFocusAfterRemoval(lineKeys: string[]) {
  const previous = useRef(lineKeys);
  const joined = lineKeys.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines are compared by their joined keys: a new array of the same lines is no change
  useEffect(() => {
    const before = previous.current;
    previous.current = lineKeys;
    const gone = before.findIndex((key) => !lineKeys.includes(key));
    const active = document.activeElement;
    if (gone === -1 || (active && active !== document.body && active.isConnected)) return;
    const names = document.querySelectorAll<HTMLElement>(".cart-line-name");
    (names[Math.min(gone, names.length - 1)] ?? mainHeading())?.focus();
    // lineKeys is compared by its joined value: a new array of the same lines is no change
  }, [joined]);
}
