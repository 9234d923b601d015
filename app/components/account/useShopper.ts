import { useContext, useMemo } from "react";
import { RootDataContext } from "~/components/layout/root-data";
import { markOf } from "~/platform/personal-placeholders";

/**
 * The signed-in customer and the skus on their wishlist, as the root loader knows them. `template`
 * is the placeholders' mark, only while the server renders a page's cached signed-in shape
 * (docs/decisions/0030). From the layout's context, not the router's state (root-data.ts).
 */
export function useShopper() {
  const data = useContext(RootDataContext);
  const listed = data?.wishlist ?? "";
  const wishlist = useMemo(() => listed.split(" ").filter(Boolean), [listed]);
  return { customer: data?.customer ?? null, wishlist, template: markOf(data?.template ?? "") };
}
