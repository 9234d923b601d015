import { all, first, qb } from "~/platform/db.server";

export type PageKind = "legal" | "content";

export interface ContentPage {
  slug: string;
  title: string;
  summary: string;
  bodyHtml: string;
  updatedAt: string;
}

export async function loadPage(db: D1Database, kind: PageKind, slug: string): Promise<ContentPage | null> {
  const row = await first(
    db,
    qb
      .selectFrom("content_page")
      .select(["slug", "title", "summary", "body_html", "updated_at"])
      .where("kind", "=", kind)
      .where("slug", "=", slug),
  );
  return (
    row && {
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      bodyHtml: row.body_html,
      updatedAt: row.updated_at,
    }
  );
}

export async function listPages(
  db: D1Database,
  kind: PageKind,
): Promise<{ slug: string; title: string; summary: string }[]> {
  return all(
    db,
    qb.selectFrom("content_page").select(["slug", "title", "summary"]).where("kind", "=", kind).orderBy("position"),
  );
}
