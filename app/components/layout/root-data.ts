import { createContext } from "react";
import type { Shopper } from "~/domain/customer/shopper";

/**
 * The root loader's data for the parts that read nothing else of the router (a tile: the shopper,
 * the image setting), provided by root.tsx's layout. Read through the router instead
 * (`useRouteLoaderData`), such a part renders again at every change of the router's state, which
 * has nothing to do with it: a navigation starting, a fetcher's answer, the routes it discovers
 * after hydration (which rendered every tile of a listing again right after hydration,
 * docs/decisions/0057). This value changes only when the root's data does.
 */
export type RootPartsData = Partial<Pick<Shopper, "customer" | "wishlist" | "template">> & { imageResizing?: boolean };

export const RootDataContext = createContext<RootPartsData | undefined>(undefined);
