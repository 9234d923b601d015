import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { declarationLines } from "~/domain/share/declaration.server";
import { findBySigningRef } from "~/domain/share/purchase.server";
import { receiveSigningWebhook } from "~/http/share/signing-webhook.server";
import { privateFormPage } from "~/platform/csrf.server";
import { readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";
import { requireSigningSandbox, signSandboxEvent } from "~/platform/signing-sandbox.server";
import type { SigningOutcome } from "~/platform/signing-provider";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["shares"], blocking: false };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/**
 * The signing sandbox's page (docs/decisions/0021), where the e-mail's link leads: it stands
 * where the e-signature service's page would. It shows the declaration as sent to the service;
 * signing or declining sends the service's signed confirmation to the shop, exactly as the
 * service would call /signing/webhook. The reference in the link is its only key, as with a real
 * service: no shop sign-in needed. A development stand-in: it does not exist outside a local
 * development or test shop.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireSigningSandbox(context.env);
  const found = await findBySigningRef(context.env.DB, params.ref ?? "");
  if (!found) throw notFound();
  const [document, page, t] = await Promise.all([
    declarationLines(found.declaration),
    privateFormPage(request, context.env),
    translator("shares"),
  ]);
  return data(
    { document, state: found.signing, csrf: page.csrf, title: `${t("signing.title")} – Signatur-Sandbox` },
    { headers: page.headers },
  );
}

export const headers = privatePageHeaders;

const OUTCOMES = new Map<unknown, SigningOutcome>([
  ["sign", "signed"],
  ["decline", "declined"],
]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSigningSandbox(context.env);
  const ref = params.ref ?? "";
  if (!(await findBySigningRef(context.env.DB, ref))) throw notFound();
  const form = await readForm(request, context);
  const outcome = OUTCOMES.get(form.get("intent"));
  if (!outcome) return new Response("Bad Request", { status: 400 });
  // The confirmation travels as it would from the service: signed, and read by the shop's webhook code.
  const signed = await signSandboxEvent(context.env, { eventId: crypto.randomUUID(), ref, outcome });
  await receiveSigningWebhook(context.env, signed.body, signed.headers);
  throw redirect(`/signing/sandbox/${ref}`);
}

export default function SigningSandbox() {
  const { document, state, csrf } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shares");
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="sandbox-page page-narrow">
        <p className="form-message form-message-info">{t("signing.sandboxNote")}</p>
        <h1>{t("signing.title")}</h1>
        <article className="signing-document" aria-labelledby="signing-document-title">
          <h2 id="signing-document-title">{document.title}</h2>
          {document.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </article>
        {state === "open" ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <div className="button-row">
              <button type="submit" name="intent" value="sign" className="button button-primary">
                {t("signing.sign")}
              </button>
              <button type="submit" name="intent" value="decline" className="button button-secondary">
                {t("signing.decline")}
              </button>
            </div>
          </Form>
        ) : (
          <p className="form-message form-message-success" role="status">
            {t(`signing.${state}`)}
          </p>
        )}
        <p>
          <Link to="/content/shares">{t("signing.backToShop")}</Link>
        </p>
      </div>
    </AuthenticityTokenProvider>
  );
}
