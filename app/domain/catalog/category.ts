/** The category tree. The root 'Startseite' is never part of a shown path. */
export const ROOT_CATEGORY_ID = "startseite";

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  depth: number;
  tile_color: string;
}

export interface CategoryNode {
  id: string;
  name: string;
  color: string;
  children: CategoryNode[];
}

export interface CategoryTree {
  root: CategoryNode;
  byId: Map<string, CategoryNode>;
  parentOf: Map<string, string | null>;
}

/** Rows must come ordered by depth, then position, so parents precede children. */
export function buildCategoryTree(rows: CategoryRow[]): CategoryTree {
  const byId = new Map<string, CategoryNode>();
  const parentOf = new Map<string, string | null>();
  for (const row of rows) {
    const node: CategoryNode = { id: row.id, name: row.name, color: row.tile_color, children: [] };
    byId.set(row.id, node);
    parentOf.set(row.id, row.parent_id);
    if (row.parent_id) byId.get(row.parent_id)?.children.push(node);
  }
  const root = byId.get(ROOT_CATEGORY_ID) ?? {
    id: ROOT_CATEGORY_ID,
    name: "Startseite",
    color: "#5f8f2f",
    children: [],
  };
  return { root, byId, parentOf };
}

/** Ancestors of a category and itself, outermost first, without the root. */
export function categoryPath(tree: CategoryTree, id: string): { id: string; name: string }[] {
  const path: { id: string; name: string }[] = [];
  for (
    let current: string | null | undefined = id;
    current && current !== ROOT_CATEGORY_ID;
    current = tree.parentOf.get(current)
  ) {
    const node = tree.byId.get(current);
    if (!node) break;
    path.unshift({ id: node.id, name: node.name });
  }
  return path;
}

/** The menu needs names and links only: a small, serialisable copy of the tree. */
export interface MenuCategory {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}

export function menuCategories(tree: CategoryTree): MenuCategory[] {
  return tree.root.children.map((main) => ({
    id: main.id,
    name: main.name,
    children: main.children.map((c) => ({ id: c.id, name: c.name })),
  }));
}
