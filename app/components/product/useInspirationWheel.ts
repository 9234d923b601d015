import { useEffect, useState, type RefObject } from "react";
import type { Wheel, WheelTexts } from "./turnWheel";

/**
 * How near the screen the row of similar products must come before it turns into the wheel: half a
 * screen above or below it, so that the change is done before the row is seen.
 */
const WHEEL_START_MARGIN = "50% 0px";

/**
 * Once the page is hydrated, loads the wheel's chunk (turnWheel.ts) and, when the row of similar
 * products comes near the screen, lets it turn the row; `announced` is the slide that came into
 * focus by the last turn, for the live region (null before the first). Making the row a wheel
 * places every slide anew (a style, layout and paint pass), which the first screen of a phone, far
 * above the row, does not need (docs/decisions/0024-inspiration-wheel.md). `products` (the SKUs joined)
 * starts the wheel anew for another product page. Should the chunk not load, the row stays as it is
 * without JavaScript.
 */
export function useInspirationWheel(section: RefObject<HTMLElement | null>, texts: WheelTexts, products: string) {
  const [wheel, setWheel] = useState<Wheel | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one wheel per list of products; its texts follow from the list
  useEffect(() => {
    const row = section.current;
    if (texts.positions.length < 2 || !row) return;
    let started: Wheel | null = null;
    let stopped = false;
    const chunk = import("./turnWheel");
    // a chunk that fails to load while the row is still far off is no error of the page's
    chunk.catch(() => {});
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        chunk
          .then(({ turnableWheel }) => {
            if (stopped) return;
            started = turnableWheel(row, texts, setAnnounced);
            setWheel(started);
          })
          .catch(() => {});
      },
      { rootMargin: WHEEL_START_MARGIN },
    );
    near.observe(row);
    return () => {
      stopped = true;
      near.disconnect();
      started?.stop();
      setWheel(null);
      setAnnounced(null);
    };
  }, [products]);
  return { wheel, announced };
}
