import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { formatGermanDateTime } from "~/domain/content/date";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";
import { latestMails, readHeaders } from "~/platform/mailer.server";
import { requireStandIns } from "~/platform/route-data.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** The longest e-mail address there is (RFC 5321); a longer `to` cannot name a recipient. */
const ADDRESS_MAX_LENGTH = 254;

/**
 * Development and test only: the mailer's outbox, so e-mail links can be followed locally; with
 * `?to=<address>` only the mails to that address (a developer looking for her test customer's
 * link among everyone's).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const recipient = to && to.length <= ADDRESS_MAX_LENGTH ? to : undefined;
  const mails = (await latestMails(context.env.DB, { recipient })).map(({ headers, ...mail }) => ({
    ...mail,
    headers: Object.entries(readHeaders(headers)),
  }));
  const title = pageTitle("Postausgang", await translator("common"));
  return data({ mails, recipient: recipient ?? null, title }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/** Mail text with its links clickable. */
function MailText({ text }: { text: string }) {
  return (
    <pre className="mail-text">
      {text.split(/(https?:\/\/\S+)/).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed mail text; their position is their identity
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed mail text; their position is their identity
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

export default function Mailbox() {
  const { mails, recipient } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="page-narrow">
      <h1>{t("mailbox.title")}</h1>
      <p>{t("mailbox.intro")}</p>
      {recipient ? (
        <p>
          {t("mailbox.onlyTo", { recipient })} <Link to="/dev/mailbox">{t("mailbox.all")}</Link>
        </p>
      ) : null}
      {mails.length === 0 ? <p>{t("mailbox.empty")}</p> : null}
      {mails.map((mail) => (
        <article key={mail.id} className="mail" aria-labelledby={`mail-${mail.id}`}>
          <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
          <p className="mail-meta">
            {t("mailbox.to")}: {mail.recipient} · {t("mailbox.sentAt")}: {formatGermanDateTime(mail.created_at)}
          </p>
          {mail.headers.length > 0 ? (
            // The extra headers as the provider sends them (List-Unsubscribe, RFC 8058), one a line.
            <pre className="mail-headers">{mail.headers.map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
          ) : null}
          <MailText text={mail.text_body} />
        </article>
      ))}
    </div>
  );
}
