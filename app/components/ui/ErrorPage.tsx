import { useTranslation } from "~/i18n/texts";
import { outageOf, type Resend } from "~/platform/database-outage";

/**
 * Client errors with their own explanation (docs/decisions/0008), and the database being unavailable
 * (503, decision 0036); any other code reads as a fault of ours.
 */
const EXPLAINED_STATUSES = [400, 403, 405, 413, 415, 503];

/**
 * The error page: title with the code, headline, a large 404-style graphic with an
 * animated loader, text, and one button. The button is a plain link with a full page load, so
 * the broken state is gone when the customer arrives at /. A form post the database could not take
 * (decision 0036) comes with what was sent: a plain form sends it again, without JavaScript too.
 * The browser loads this module on demand (root.tsx, docs/decisions/0054); its title is ErrorTitle.tsx. `data`: what
 * an error response carries (an outage's form to send again).
 */
export function ErrorPage({ status, data = null }: { status: number; data?: unknown }) {
  const { t } = useTranslation();
  const resend = outageOf(data)?.resend ?? null;
  const texts =
    status === 404
      ? "pages.notFound"
      : EXPLAINED_STATUSES.includes(status)
        ? `pages.error.status.${status}`
        : "pages.error";
  return (
    <section className="error-page" aria-labelledby="error-headline">
      <p className="error-code">{t("pages.error.title", { code: status })}</p>
      <div className="error-graphic" aria-hidden="true">
        <span>{String(status).slice(0, 1)}</span>
        <span className="error-loader" />
        <span>{String(status).slice(2, 3)}</span>
      </div>
      <h1 id="error-headline">{t(`${texts}.headline`)}</h1>
      <p>{t(`${texts}.text`)}</p>
      {resend ? <ResendForm resend={resend} /> : null}
      <a className="button button-primary" href="/" data-discover="false">
        {t("pages.error.button")}
      </a>
    </section>
  );
}

/** What was sent, kept in hidden fields (passwords and PINs left out), to send again in one click. */
function ResendForm({ resend }: { resend: Resend }) {
  const { t } = useTranslation();
  return (
    <form method="post" action={resend.action} className="error-resend">
      {resend.fields.map(([name, value], index) => (
        // the same name can stand several times (checkboxes); the position tells them apart
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes while shown
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <p>
        {t("pages.error.resend.text")}
        {resend.secretsLeftOut ? ` ${t("pages.error.resend.secretsLeftOut")}` : ""}
      </p>
      <button type="submit" className="button button-secondary">
        {t("pages.error.resend.button")}
      </button>
    </form>
  );
}
