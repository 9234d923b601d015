import { getFormProps, useForm } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CheckboxField, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { RoleAndStore } from "~/components/staff/StaffMemberFields";
import { staffChangeSchema } from "~/domain/staff/schema";
import { changeStaffMember, staffMembers } from "~/domain/staff/staff.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { clickAndCollectStores, refusalMessage } from "~/http/staff/staff-members.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** The member of staff the URL names, active or not; an unknown id is 404. */
async function memberOf(db: D1Database, id: string | undefined) {
  const member = (await staffMembers(db)).find((m) => String(m.id) === id);
  if (!member) throw notFound();
  return member;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "staff.list");
  const [member, stores, t] = await Promise.all([
    memberOf(context.env.DB, params.id),
    clickAndCollectStores(context.env.DB),
    translator("staff"),
  ]);
  return { title: pageTitle(t("members.edit.title", { name: member.name }), t), member, stores };
}

/**
 * Role, store and whether she may sign in, changed only if she is still as the form showed her
 * (the hidden `before*` fields): two admins at once cannot overwrite each other.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "staff.change");
  const member = await memberOf(context.env.DB, params.id);
  const submission = parseForm(form, staffChangeSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const change = submission.value;
  const stores = await clickAndCollectStores(context.env.DB);
  if (change.role === "fulfilment" && change.storeId && !stores.some((s) => s.id === change.storeId)) {
    return data(
      { result: submission.reply({ fieldErrors: { storeId: ["staff:members.error.store"] } }) },
      { status: 400 },
    );
  }
  const result = await changeStaffMember(
    context.env.DB,
    staff,
    member.id,
    { role: change.beforeRole, storeId: change.beforeStoreId ?? null, active: change.beforeActive === "1" },
    { role: change.role, storeId: change.storeId ?? null, active: change.active === "on" },
  );
  if (!result.ok)
    return data({ result: submission.reply({ formErrors: [refusalMessage(result).message] }) }, { status: 409 });
  throw redirect("/staff/members", {
    headers: { "Set-Cookie": await flashNotice(context.env, [{ type: "success", key: "members.edit.done" }]) },
  });
}

export default function StaffMemberEdit() {
  const { member, stores } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const before = {
    beforeRole: member.role,
    beforeStoreId: member.storeId ?? "",
    beforeActive: member.active ? "1" : "0",
  };
  const [form, fields] = useForm({
    id: "staff-change",
    lastResult: actionData?.result,
    defaultValue: { role: member.role, storeId: member.storeId ?? "", active: member.active ? "on" : undefined },
    ...zodValidation(staffChangeSchema),
  });
  return (
    <div className="page-narrow">
      <h1>{t("members.edit.title", { name: member.name })}</h1>
      <p>{member.email}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        {/* what the form shows now, from the loader: after "changed meanwhile" it is the new state */}
        <input type="hidden" name="beforeRole" value={before.beforeRole} />
        <input type="hidden" name="beforeStoreId" value={before.beforeStoreId} />
        <input type="hidden" name="beforeActive" value={before.beforeActive} />
        <RoleAndStore role={fields.role} storeId={fields.storeId} stores={stores} />
        <CheckboxField field={fields.active}>{t("members.edit.activeLabel")}</CheckboxField>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t("members.edit.submit")}
          </button>
          <Link to="/staff/members" className="button button-secondary">
            {t("members.edit.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
