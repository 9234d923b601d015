import { all, isDatabaseUnavailable, qb } from "~/platform/db.server";
import { bindingOf } from "~/platform/d1-session.server";
import { buildCategoryTree, type CategoryNode, type CategoryTree } from "./category";

// The tree changes only with a deployment of new seed data or a migration; one read per isolate
// and minute spares every page a D1 round trip.
const TREE_TTL_MS = 60_000;
/**
 * How long the other requests keep the older tree while one reads it anew. A read that never ends
 * (its request was cancelled: the visitor left) holds no one up longer than this.
 */
const REFRESH_WAIT_MS = 5_000;
/**
 * The last tree read, keyed by the binding, not by the request's session database (decision 0028),
 * or no two requests would share it. Only a tree that was read is shared, never a read in flight:
 * a request that awaited another request's read hung when that request was cancelled, and the
 * runtime answered it with a 500 ("the Worker's code had hung"; seen under load by
 * `npm run bench`). While D1 fails, the menu stays as it was (docs/decisions/0036).
 */
let lastRead: { binding: D1Database; at: number; tree: CategoryTree } | null = null;
/** When a request began to read the tree anew (the others keep the older one meanwhile). */
let refreshing: { binding: D1Database; since: number } | null = null;

export async function loadCategoryTree(db: D1Database): Promise<CategoryTree> {
  const now = Date.now();
  const binding = bindingOf(db);
  const known = lastRead?.binding === binding ? lastRead : null;
  if (known && now - known.at < TREE_TTL_MS) return known.tree;
  if (known && refreshing?.binding === binding && now - refreshing.since < REFRESH_WAIT_MS) return known.tree;
  refreshing = { binding, since: now };
  try {
    const tree = buildCategoryTree(
      await all(
        db,
        qb
          .selectFrom("category")
          .select(["id", "parent_id", "name", "depth", "tile_color"])
          .orderBy("depth")
          .orderBy("position"),
      ),
    );
    lastRead = { binding, at: Date.now(), tree };
    return tree;
  } catch (error) {
    if (known && isDatabaseUnavailable(error)) return known.tree;
    throw error;
  } finally {
    if (refreshing?.since === now && refreshing.binding === binding) refreshing = null;
  }
}

/**
 * Every category below the root with its path ("Milch & Eier › Milch"), in the menu's order: the
 * back office's choices (here, not in category.ts, so no page of the shop carries it).
 */
export function categoryChoices(tree: CategoryTree): { id: string; name: string }[] {
  const walk = (node: CategoryNode, path: string): { id: string; name: string }[] =>
    node.children.flatMap((child) => {
      const name = path ? `${path} › ${child.name}` : child.name;
      return [{ id: child.id, name }, ...walk(child, name)];
    });
  return walk(tree.root, "");
}
