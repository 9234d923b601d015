import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CodeBlock } from "~/components/ui/CodeBlock";
import { OPERATIONS } from "~/api/operations.server";
import { API_TAGS, type ApiTag } from "~/api/tags.server";
import { translator } from "~/platform/i18n.server";
import { publicPage } from "~/platform/route-data.server";
import { pageTitle } from "~/i18n/texts";

// The JSON API's reference for people (docs/decisions/0034): read, not used, so no JavaScript.
export const handle = { i18n: ["common"], hydrate: false };

export async function loader({ context }: LoaderFunctionArgs) {
  const [t, common] = await Promise.all([translator("api"), translator("common")]);
  const groups = new Map<
    ApiTag,
    { method: string; path: string; summary: string; description: string; auth: boolean }[]
  >();
  for (const op of OPERATIONS) {
    const list = groups.get(op.tag) ?? [];
    list.push({ method: op.method, path: op.path, summary: op.summary, description: op.description, auth: op.auth });
    groups.set(op.tag, list);
  }
  return publicPage(context, {
    texts: {
      title: t("reference.title"),
      intro: t("reference.intro"),
      auth: t("reference.auth"),
      operation: t("reference.operation"),
      signedIn: t("reference.signedIn"),
      yes: t("reference.yes"),
      no: t("reference.no"),
      example: t("reference.example"),
      exampleCode: t("reference.exampleCode"),
    },
    groups: [...groups].map(([tag, operations]) => ({ tag, about: API_TAGS[tag], operations })),
    title: pageTitle(t("reference.title"), common),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.texts.intro }] : [];

const EXAMPLE = `curl -s -X POST https://www.frischkorb.example/rest/V1/integration/customer/token \\
  -H 'Content-Type: application/json' \\
  -d '{"username":"anna.schmidt@example.org","password":"…"}'
curl -s https://www.frischkorb.example/rest/V1/carts/mine/totals/complete \\
  -H 'Authorization: Bearer <access_token>'`;

export default function ApiReference() {
  const { texts, groups } = useLoaderData<typeof loader>();
  return (
    <div className="page content-page api-reference">
      <h1>{texts.title}</h1>
      <p>
        {texts.intro} <a href="/rest/V1/openapi.json">/rest/V1/openapi.json</a>
      </p>
      <p>{texts.auth}</p>
      <h2>{texts.example}</h2>
      <CodeBlock className="api-example" label={texts.exampleCode}>
        {EXAMPLE}
      </CodeBlock>
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`api-${group.tag}`}>
          <h2 id={`api-${group.tag}`}>{group.tag}</h2>
          <p>{group.about}</p>
          <table className="api-table">
            <thead>
              <tr>
                <th scope="col">{texts.operation}</th>
                <th scope="col">{texts.signedIn}</th>
              </tr>
            </thead>
            <tbody>
              {group.operations.map((op) => (
                <tr key={`${op.method} ${op.path}`}>
                  <td>
                    <code>
                      {op.method} {op.path}
                    </code>
                    <br />
                    {op.summary}
                    <br />
                    <span className="api-description">{op.description}</span>
                  </td>
                  <td>{op.auth ? texts.yes : texts.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
