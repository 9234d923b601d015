import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { FormMessage, TextField, useClearPasswords } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { signIn, resendActivationLink } from "~/http/customer/sign-in.server";
import { emailOnlySchema, loginSchema } from "~/domain/customer/schema";
import { signedOutPage } from "~/http/customer/signed-out-page.server";
import { parseForm, readForm, unknownIntent } from "~/platform/form.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["account"] };

// Remix passes the loader's "private, no-store" on only through a headers export.
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { csrf, headers, title } = await signedOutPage(request, context, "login.title");
  return data({ csrf, title }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context);
  switch (form.get("intent")) {
    case "login": {
      const submission = parseForm(form, loginSchema);
      if (submission.status !== "success") {
        return data(
          { login: submission.reply({ hideFields: ["password"] }), notActivated: false, resent: false, email: "" },
          { status: 400 },
        );
      }
      const outcome = await signIn(request, context, submission.value, form.get("redirectTo"));
      if (outcome instanceof Response) throw outcome;
      return data(
        {
          login: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }),
          notActivated: outcome.notActivated,
          resent: false,
          email: submission.value.email,
        },
        { status: outcome.status },
      );
    }
    case "resendActivation": {
      const submission = parseForm(form, emailOnlySchema);
      if (submission.status !== "success")
        return data({ login: null, notActivated: true, resent: false, email: "" }, { status: 400 });
      const outcome = await resendActivationLink(request, context, submission.value.email);
      return data(
        {
          login: outcome === "throttled" ? { status: "error" as const, error: { "": ["session.throttled"] } } : null,
          notActivated: true,
          resent: outcome === "sent",
          email: submission.value.email,
        },
        { status: outcome === "throttled" ? 429 : 200 },
      );
    }
    default:
      throw unknownIntent();
  }
}

export default function Login() {
  const { csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.login ?? undefined,
    ...zodValidation(loginSchema),
  });
  useClearPasswords("login", actionData?.login);
  const notActivated = actionData?.notActivated ?? false;
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="auth-page">
        <section className="auth-box" aria-labelledby="login-title">
          <h1 id="login-title">{t("login.headline")}</h1>
          <p>{t("login.intro")}</p>
          <Form method="post" {...getFormProps(form)} noValidate>
            <AuthenticityTokenInput />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
            <FormMessage errors={form.errors} id={form.errorId} />
            <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
            <TextField
              field={fields.password}
              label={t("fields.password")}
              type="password"
              autoComplete="current-password"
            />
            <button
              type="submit"
              name="intent"
              value="login"
              className="button button-primary"
              disabled={navigation.state === "submitting"}
            >
              {t("login.submit")}
            </button>
          </Form>
          {notActivated ? (
            <Form method="post" className="resend-activation">
              <AuthenticityTokenInput />
              <input type="hidden" name="email" value={actionData?.email ?? ""} />
              {actionData?.resent ? (
                <p role="status" className="form-message form-message-info">
                  {t("login.resent")}
                </p>
              ) : null}
              <button type="submit" name="intent" value="resendActivation" className="button button-secondary">
                {t("login.resend")}
              </button>
            </Form>
          ) : null}
          <p>
            <Link to="/password/forgot">{t("login.forgot")}</Link>
          </p>
        </section>
        <aside className="auth-box benefits-box" aria-labelledby="benefits-title">
          <h2 id="benefits-title">{t("login.benefitsHeadline")}</h2>
          <ul className="benefit-list">
            {(t("login.benefits", { returnObjects: true }) as string[]).map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <Link to="/register" className="button button-secondary">
            {t("login.register")}
          </Link>
        </aside>
      </div>
    </AuthenticityTokenProvider>
  );
}
