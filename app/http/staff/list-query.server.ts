/**
 * What a back-office list shows, read from its URL: sort column and direction, page, and the
 * filters, so a list can be bookmarked, reloaded and paged without JavaScript. Anything unknown
 * falls back to the list's default instead of failing.
 */
export interface ListQuery<Sort extends string> {
  sort: Sort;
  desc: boolean;
  page: number;
  offset: number;
  limit: number;
}

/** The most pages a list lets one page through; beyond it, a filter finds faster. */
const MAX_PAGE = 10_000;

export function readListQuery<Sort extends string>(
  params: URLSearchParams,
  options: { sorts: readonly Sort[]; defaultSort: Sort; defaultDesc?: boolean; pageSize?: number },
): ListQuery<Sort> {
  const limit = options.pageSize ?? 50;
  const requested = params.get("sort");
  const sort = options.sorts.find((s) => s === requested) ?? options.defaultSort;
  const dir = params.get("dir");
  const desc = dir === "desc" ? true : dir === "asc" ? false : (options.defaultDesc ?? false);
  const pageNumber = Number(params.get("page"));
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1;
  return { sort, desc, page, offset: (page - 1) * limit, limit };
}

/** A filter's text: trimmed, at most `max` characters, undefined when empty. */
export function filterText(params: URLSearchParams, name: string, max = 200): string | undefined {
  const value = params.get(name)?.trim().slice(0, max);
  return value ? value : undefined;
}
