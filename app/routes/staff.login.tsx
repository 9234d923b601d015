import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { staffById, staffMembers } from "~/domain/staff/staff.server";
import { listStores } from "~/domain/store/store.server";
import { readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { requireStandIns } from "~/platform/route-data.server";
import { staffCookie } from "~/platform/staff-cookie.server";
import { safeStaffPath } from "~/http/staff/staff-identity.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * The development stand-in for Cloudflare Access (docs/decisions/0039): a developer picks one of
 * the demo staff. Only where stand-ins run; a deployment answers 404 here.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  const [members, stores, t] = await Promise.all([
    staffMembers(context.env.DB),
    listStores(context.env.DB),
    translator("staff"),
  ]);
  const storeName = new Map(stores.map((store) => [store.id, store.name]));
  return {
    title: pageTitle(t("signIn.title"), t),
    members: members
      .filter((member) => member.active)
      .map((member) => ({
        id: member.id,
        name: member.name,
        role: member.role,
        store: member.role === "fulfilment" ? (member.storeId ? (storeName.get(member.storeId) ?? null) : "") : null,
      })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireStandIns(context.env);
  const form = await readForm(request, context);
  const id = Number(form.get("staffId"));
  const member = Number.isSafeInteger(id) && id > 0 ? await staffById(context.env.DB, id) : null;
  if (!member) return data({ unknown: true }, { status: 400 });
  throw redirect(safeStaffPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": await staffCookie(context.env).serialize(member.id) },
  });
}

export default function StaffSignIn() {
  const { members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useTranslation("staff");
  return (
    <div className="page-narrow">
      <h1>{t("signIn.title")}</h1>
      <p>{t("signIn.standIn")}</p>
      {actionData?.unknown ? (
        <p className="form-error" role="alert">
          {t("signIn.unknown")}
        </p>
      ) : null}
      <ul className="staff-sign-in">
        {members.map((member) => {
          const role = t(`role.${member.role}`);
          const store = member.store === "" ? t("warehouse") : member.store;
          return (
            <li key={member.id}>
              <Form method="post" reloadDocument>
                <AuthenticityTokenInput />
                <input type="hidden" name="staffId" value={member.id} />
                <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/staff"} />
                <p>
                  {store
                    ? t("signIn.memberAt", { name: member.name, role, store })
                    : t("signIn.member", { name: member.name, role })}
                </p>
                <button type="submit" className="button button-primary">
                  {t("signIn.as", { name: member.name })}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
