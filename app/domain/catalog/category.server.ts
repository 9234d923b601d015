import { all, isDatabaseUnavailable, qb } from "~/platform/db.server";
import { bindingOf } from "~/platform/d1-session.server";
import { buildCategoryTree, type CategoryNode, type CategoryTree } from "./category";

// The tree changes only with a deployment of new seed data or a migration; one read per isolate
// and minute spares every page a D1 round trip.
const TREE_TTL_MS = 60_000;
// Keyed by the binding, not by the request's session database (decision 0028), or no two requests
// would share it.
let cached: { binding: D1Database; at: number; tree: Promise<CategoryTree> } | null = null;
/** The last tree read: while D1 fails, the menu stays as it was (docs/decisions/0036). */
let lastRead: { binding: D1Database; tree: CategoryTree } | null = null;

export function loadCategoryTree(db: D1Database): Promise<CategoryTree> {
  const now = Date.now();
  const binding = bindingOf(db);
  if (cached && cached.binding === binding && now - cached.at < TREE_TTL_MS) return cached.tree;
  const tree = all(
    db,
    qb
      .selectFrom("category")
      .select(["id", "parent_id", "name", "depth", "tile_color"])
      .orderBy("depth")
      .orderBy("position"),
  )
    .then(buildCategoryTree)
    .then(
      (read) => {
        lastRead = { binding, tree: read };
        return read;
      },
      (error: unknown) => {
        if (lastRead?.binding === binding && isDatabaseUnavailable(error)) return lastRead.tree;
        throw error;
      },
    );
  cached = { binding, at: now, tree };
  tree.catch(() => {
    if (cached?.tree === tree) cached = null;
  });
  return tree;
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
