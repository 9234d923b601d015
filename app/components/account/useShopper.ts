import { useRouteLoaderData } from "@remix-run/react";
import type { Shopper } from "~/domain/customer/shopper";

/** The signed-in customer and their wishlist, as the root loader knows them. */
export function useShopper() {
  const data = useRouteLoaderData<Shopper>("root");
  return { customer: data?.customer ?? null, wishlist: data?.wishlist ?? [] };
}
