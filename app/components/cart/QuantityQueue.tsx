import { useFetcher } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import type { CartLine } from "~/domain/cart/cart";

/**
 * The cart's queue of SKUs being updated: for each queued SKU the quantity the
 * customer wants, shown at once while the server catches up. Only JavaScript fills it; without
 * JavaScript it stays empty and the page shows the server's quantities.
 */
interface Queue {
  wanted: Record<string, number>;
  want: (sku: string, qty: number) => void;
  settle: (sku: string) => void;
}

const QueueContext = createContext<Queue>({ wanted: {}, want: () => {}, settle: () => {} });

export function QuantityQueueProvider({ skus, children }: { skus: string[]; children: ReactNode }) {
  const [wanted, setWanted] = useState<Record<string, number>>({});
  const want = useCallback((sku: string, qty: number) => setWanted((w) => ({ ...w, [sku]: qty })), []);
  const settle = useCallback((sku: string) => setWanted(({ [sku]: _, ...rest }) => rest), []);
  // A line set to 0 leaves the cart with its stepper, which then cannot settle itself.
  const present = skus.join(" ");
  useEffect(() => {
    setWanted((w) => {
      const kept = Object.entries(w).filter(([sku]) => present.split(" ").includes(sku));
      return kept.length === Object.keys(w).length ? w : Object.fromEntries(kept);
    });
  }, [present]);
  const queue = useMemo(() => ({ wanted, want, settle }), [wanted, want, settle]);
  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

/** The wanted quantities by SKU, for the optimistic totals. */
export function useQueuedQuantities(): Record<string, number> {
  return useContext(QueueContext).wanted;
}

/**
 * One line's stepper: shows the wanted quantity at once and sends at most one update of the SKU
 * at a time; clicks during a request are coalesced into one follow-up with the latest quantity.
 * The wanted quantity is kept until the revalidated cart confirms it, so nothing flickers back.
 */
export function useQuantityStepper(line: CartLine) {
  const sku = line.product.sku;
  const queue = useContext(QueueContext);
  const fetcher = useFetcher<{ ok: boolean }>({ key: `cart-qty-${sku}` });
  const csrf = useAuthenticityToken();
  // What is on its way to the server; null when nothing is (a ref: two clicks may come before a render).
  const inFlight = useRef<string | null>(null);
  const wanted = queue.wanted[sku];

  const send = (qty: string) => {
    inFlight.current = qty;
    fetcher.submit({ csrf, intent: "setQuantity", sku, qty }, { method: "post", action: "/cart" });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a request has finished; `wanted`, `send` and the queue are read, not watched
  useEffect(() => {
    if (fetcher.state !== "idle" || inFlight.current === null) return;
    const sent = inFlight.current;
    inFlight.current = null;
    // A refused change drops what was wanted: the revalidated cart (the root revalidates after every
    // post, 4xx included) shows the server's quantity and the flashed notice says why.
    if (fetcher.data?.ok === false) queue.settle(sku);
    else if (wanted !== undefined && String(wanted) !== sent) send(String(wanted));
    else queue.settle(sku);
    // Runs when a request has finished (and the cart is revalidated); `wanted` is read, not watched.
  }, [fetcher.state]);

  /**
   * Asks for a quantity: shown at once, sent now or after the request in flight. Above the line's
   * limit only a typed number can ask; the server refuses it with its notice, as without JavaScript.
   */
  const change = (qty: number) => {
    const next = Math.max(0, qty);
    if (next === (wanted ?? line.qty)) return;
    queue.want(sku, next);
    if (inFlight.current === null) send(String(next));
  };

  return { qty: wanted ?? line.qty, queued: wanted !== undefined || fetcher.state !== "idle", change };
}
