import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/ContentArticle";
import { formatGermanDate } from "~/domain/content/date";
import { listPages, loadPage } from "~/domain/content/page.server";
import { translator } from "~/platform/i18n.server";
import { notFound, publicPage } from "~/platform/route-data.server";
import { pageTitle } from "~/i18n/texts";

// Legal texts are read, not used: no JavaScript on these pages.
export const handle = { i18n: ["common"], hydrate: false };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const [t, common] = await Promise.all([translator("pages"), translator("common")]);
  if (!params.slug) {
    const pages = await listPages(context.env.DB, "legal");
    return publicPage(context, {
      overview: { title: t("legal.title"), intro: t("legal.intro"), pages },
      page: null,
      updated: "",
      title: pageTitle(t("legal.title"), common),
      description: t("legal.intro"),
    });
  }
  const page = await loadPage(context.env.DB, "legal", params.slug);
  if (!page) throw notFound();
  return publicPage(context, {
    overview: null,
    page,
    updated: t("legal.updated", { date: formatGermanDate(page.updatedAt) }),
    title: pageTitle(page.title, common),
    description: page.summary,
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export default function LegalPage() {
  const { overview, page, updated } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      {page ? <ContentArticle title={page.title} bodyHtml={page.bodyHtml} updated={updated} /> : null}
      {overview ? (
        <section className="content-page" aria-labelledby="legal-title">
          <h1 id="legal-title">{overview.title}</h1>
          <p>{overview.intro}</p>
          <ul className="link-list">
            {overview.pages.map((p) => (
              <li key={p.slug}>
                <Link to={`/pages/legal/${p.slug}`}>{p.title}</Link>
                <br />
                <span>{p.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
