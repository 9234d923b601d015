import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

/** The signed-in customer and their wishlist, as the root loader knows them. */
export function useShopper() {
  const data = useRouteLoaderData<RootData>("root");
  return { customer: data?.customer ?? null, wishlist: data?.wishlist ?? [] };
}
