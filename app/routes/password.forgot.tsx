import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { RESET_REQUEST_THROTTLED, requestResetLink } from "~/http/customer/password-reset.server";
import { emailOnlySchema } from "~/domain/customer/schema";
import { signedOutPage } from "~/http/customer/signed-out-page.server";
import { parseForm, readForm } from "~/platform/form.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["account"] };

// Remix passes the loader's "private, no-store" on only through a headers export.
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { csrf, headers, title } = await signedOutPage(request, context, "forgot.title", "/account/customer");
  // The security-reset variant: the shop asks for a new password (e.g. after a suspected leak).
  const security = new URL(request.url).searchParams.get("reason") === "security";
  return data({ csrf, security, title }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context);
  const submission = parseForm(form, emailOnlySchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await requestResetLink(request, context, submission.value.email);
  if (outcome === "throttled")
    return data(
      { result: submission.reply({ formErrors: [RESET_REQUEST_THROTTLED.key] }), sent: false },
      { status: RESET_REQUEST_THROTTLED.status },
    );
  return data({ result: null, sent: true });
}

export default function ForgotPassword() {
  const { csrf, security } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: actionData?.result ?? undefined,
    ...zodValidation(emailOnlySchema),
  });
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="auth-page">
        <section className="auth-box" aria-labelledby="forgot-title">
          <h1 id="forgot-title">{t(security ? "forgot.securityHeadline" : "forgot.headline")}</h1>
          {actionData?.sent ? (
            <p className="form-message form-message-info" role="status">
              {t("forgot.sent")}
            </p>
          ) : (
            <>
              <p>{t(security ? "forgot.securityIntro" : "forgot.intro")}</p>
              <Form method="post" {...getFormProps(form)} noValidate>
                <AuthenticityTokenInput />
                <FormMessage errors={form.errors} id={form.errorId} />
                <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
                <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
                  {t("forgot.submit")}
                </button>
              </Form>
            </>
          )}
        </section>
      </div>
    </AuthenticityTokenProvider>
  );
}
