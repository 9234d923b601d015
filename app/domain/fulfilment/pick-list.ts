/** The pick list's lines in the order a picker walks the shelves: by category, then by name. */
export interface PickLine {
  sku: string;
  isGift: boolean;
  name: string;
  qty: number;
  brand: string;
  /** e.g. "500 g", or empty when the catalogue no longer has the product */
  contents: string;
  chilled: boolean;
  /** 16 or 18: ask for ID at the handover */
  minAge: number;
  category: string | null;
  picked: boolean;
}

export interface PickGroup {
  category: string | null;
  lines: PickLine[];
}

/** Groups by category (alphabetically, lines without one last), lines by name within a group. */
export function groupByCategory(lines: PickLine[]): PickGroup[] {
  const groups = new Map<string | null, PickLine[]>();
  for (const line of lines) groups.set(line.category, [...(groups.get(line.category) ?? []), line]);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, "de")))
    .map(([category, group]) => ({
      category,
      lines: group.sort((x, y) => x.name.localeCompare(y.name, "de") || Number(x.isGift) - Number(y.isGift)),
    }));
}
