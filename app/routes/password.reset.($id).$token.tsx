import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { NewPasswordFields } from "~/components/account/NewPasswordFields";
import { FormMessage, useClearPasswords } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { resetPassword } from "~/domain/customer/customer.server";
import { resetPasswordSchema } from "~/domain/customer/schema";
import { idParam } from "~/domain/customer/id-param";
import { isTokenUsable } from "~/domain/customer/tokens.server";
import { INVALID_LINK } from "~/http/customer/account-links.server";
import { privateFormPage } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["account"] };

// Remix passes the loader's "private, no-store" on only through a headers export.
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

const HIDDEN = ["password", "passwordConfirm"];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const usable =
    id !== null && params.token ? await isTokenUsable(context.env.DB, id, "password_reset", params.token) : false;
  const page = await privateFormPage(request, context.env);
  const t = await translator("account");
  return data(
    { csrf: page.csrf, usable, title: pageTitle(t("reset.title"), t) },
    { headers: page.headers, status: usable ? 200 : INVALID_LINK.passwordReset.status },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request, context);
  const submission = parseForm(form, resetPasswordSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }), invalid: false }, { status: 400 });
  const id = idParam(params.id);
  const done =
    id !== null && params.token ? await resetPassword(context.env, id, params.token, submission.value.password) : false;
  if (!done) return data({ result: null, invalid: true }, { status: INVALID_LINK.passwordReset.status });
  throw await redirectWithNotice(context.env, "/login", { type: "success", key: "account:reset.done" });
}

export default function ResetPassword() {
  const { csrf, usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset",
    lastResult: actionData?.result ?? undefined,
    ...zodValidation(resetPasswordSchema),
  });
  useClearPasswords("reset", actionData?.result);
  const valid = usable && !actionData?.invalid;
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="auth-page">
        <section className="auth-box" aria-labelledby="reset-title">
          <h1 id="reset-title">{t("reset.headline")}</h1>
          {valid ? (
            <Form method="post" {...getFormProps(form)} noValidate>
              <AuthenticityTokenInput />
              <FormMessage errors={form.errors} id={form.errorId} />
              <NewPasswordFields fields={fields} label="newPassword" />
              <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
                {t("reset.submit")}
              </button>
            </Form>
          ) : (
            <>
              <p className="form-message form-message-error" role="alert">
                {t("reset.invalid")}
              </p>
              <Link to="/password/forgot" className="button button-primary">
                {t("reset.requestNew")}
              </Link>
            </>
          )}
        </section>
      </div>
    </AuthenticityTokenProvider>
  );
}
