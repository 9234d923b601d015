/** An editorial page from the database. Its HTML is written by the shop itself (seed or CMS). */
export function ContentArticle({ title, bodyHtml, updated }: { title: string; bodyHtml: string; updated: string }) {
  return (
    <article className="content-page" aria-labelledby="content-title">
      <h1 id="content-title">{title}</h1>
      <p className="content-updated">{updated}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own authored content pages, written by the seed, never customer input */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </article>
  );
}
