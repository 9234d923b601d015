import { useEffect, useState, type RefObject } from "react";
import type { Wheel, WheelTexts } from "./turnWheel";

/**
 * Once the page is hydrated, loads the wheel's chunk (turnWheel.ts) and lets it turn the row of
 * similar products; `announced` is the slide that came into focus by the last turn, for the live
 * region (null before the first). `products` (the SKUs joined) starts the wheel anew for another
 * product page. Should the chunk not load, the row stays as it is without JavaScript.
 */
export function useInspirationWheel(section: RefObject<HTMLElement | null>, texts: WheelTexts, products: string) {
  const [wheel, setWheel] = useState<Wheel | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one wheel per list of products; its texts follow from the list
  useEffect(() => {
    if (texts.positions.length < 2) return;
    let started: Wheel | null = null;
    let stopped = false;
    import("./turnWheel")
      .then(({ turnableWheel }) => {
        if (stopped || !section.current) return;
        started = turnableWheel(section.current, texts, setAnnounced);
        setWheel(started);
      })
      .catch(() => {});
    return () => {
      stopped = true;
      started?.stop();
      setWheel(null);
      setAnnounced(null);
    };
  }, [products]);
  return { wheel, announced };
}
