import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { Shopper } from "~/domain/customer/shopper";
import { markOf } from "~/platform/personal-placeholders";

/**
 * The signed-in customer and the skus on their wishlist, as the root loader knows them. `template`
 * is the placeholders' mark, only while the server renders a page's cached signed-in shape
 * (docs/decisions/0030).
 */
export function useShopper() {
  const data = useRouteLoaderData<Shopper>("root");
  const listed = data?.wishlist ?? "";
  const wishlist = useMemo(() => listed.split(" ").filter(Boolean), [listed]);
  return { customer: data?.customer ?? null, wishlist, template: markOf(data?.template ?? "") };
}
