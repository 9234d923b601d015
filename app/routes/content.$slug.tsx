import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/ContentArticle";
import { formatGermanDate } from "~/domain/content/date";
import { loadPage } from "~/domain/content/page.server";
import { isLoginRequired } from "~/domain/customer/login-required";
import { requireCustomer } from "~/platform/auth.server";
import { translator } from "~/platform/i18n.server";
import { notFound, publicPage } from "~/platform/route-data.server";

// Nothing on a content page is interactive: it ships no JavaScript.
export const handle = { i18n: ["common"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (isLoginRequired(new URL(request.url).pathname)) await requireCustomer(request, context);
  const page = await loadPage(context.env.DB, "content", params.slug ?? "");
  if (!page) throw notFound();
  const [t, common] = await Promise.all([translator("pages"), translator("common")]);
  return publicPage(context, {
    page,
    updated: t("content.updated", { date: formatGermanDate(page.updatedAt) }),
    title: `${page.title} – ${common("shop.name")}`,
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.page.summary }] : [];

export default function ContentPage() {
  const { page, updated } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <ContentArticle title={page.title} bodyHtml={page.bodyHtml} updated={updated} />
    </div>
  );
}
