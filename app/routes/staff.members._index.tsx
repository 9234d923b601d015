import { getFormProps, useForm } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { RoleAndStore } from "~/components/staff/StaffMemberFields";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDate } from "~/domain/content/date";
import { STAFF_ROLES, isStaffRole } from "~/domain/staff/roles";
import { newStaffSchema } from "~/domain/staff/schema";
import { addStaffMember, staffMembers, type StaffListing } from "~/domain/staff/staff.server";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { clickAndCollectStores, refusalMessage } from "~/http/staff/staff-members.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const SORTS = ["name", "email", "role"] as const;
const PAGE_SIZE = 50;

/** The back office's people (admin): filtered, sorted and paged by the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "staff.list");
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, { sorts: SORTS, defaultSort: "name", pageSize: PAGE_SIZE });
  const role = params.get("role");
  const text = filterText(params, "q")?.toLowerCase();
  const [members, stores, t] = await Promise.all([
    staffMembers(context.env.DB),
    clickAndCollectStores(context.env.DB),
    translator("staff"),
  ]);
  // The staff are a few dozen people: the list is filtered and sorted here, not in SQL.
  const matching = members
    .filter((m) => !isStaffRole(role) || m.role === role)
    .filter((m) => !text || m.name.toLowerCase().includes(text) || m.email.includes(text))
    .sort((a, b) => a[query.sort].localeCompare(b[query.sort], "de") * (query.desc ? -1 : 1));
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  return {
    title: pageTitle(t("members.title"), t),
    members: matching.slice(query.offset, query.offset + query.limit).map((m) => ({
      ...m,
      store: m.role !== "fulfilment" ? "" : m.storeId ? (storeName.get(m.storeId) ?? m.storeId) : t("warehouse"),
    })),
    more: matching.length > query.offset + query.limit,
    query,
    stores,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "staff.add");
  const submission = parseForm(form, newStaffSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const draft = submission.value;
  const stores = await clickAndCollectStores(context.env.DB);
  if (draft.role === "fulfilment" && draft.storeId && !stores.some((s) => s.id === draft.storeId)) {
    return data(
      { result: submission.reply({ fieldErrors: { storeId: ["staff:members.error.store"] } }) },
      { status: 400 },
    );
  }
  const result = await addStaffMember(context.env.DB, staff, { ...draft, storeId: draft.storeId ?? null });
  if (!result.ok) {
    const { field, message } = refusalMessage(result);
    return data(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) },
      { status: 409 },
    );
  }
  throw redirect("/staff/members", {
    headers: {
      "Set-Cookie": await flashNotice(context.env, [
        { type: "success", key: "members.add.done", values: { name: draft.name } },
      ]),
    },
  });
}

type Row = StaffListing & { store: string };
const column = createColumnHelper<Row>();

function useColumns() {
  const { t } = useTranslation("staff");
  return [
    column.accessor("name", {
      id: "name",
      header: t("members.name"),
      enableSorting: true,
      cell: (info) => <Link to={`/staff/members/${info.row.original.id}`}>{info.getValue()}</Link>,
    }),
    column.accessor("email", { id: "email", header: t("members.email"), enableSorting: true }),
    column.accessor("role", {
      id: "role",
      header: t("members.role"),
      enableSorting: true,
      cell: (info) => t(`role.${info.getValue()}`),
    }),
    column.accessor("store", { header: t("members.store") }),
    column.accessor("active", {
      header: t("members.active"),
      cell: (info) => (info.getValue() ? t("members.yes") : t("members.no")),
    }),
    column.accessor("createdAt", {
      header: t("members.since"),
      cell: (info) => formatGermanDate(new Date(info.getValue() * 1000).toISOString()),
    }),
  ];
}

function Filters() {
  const { t } = useTranslation("staff");
  const [params] = useSearchParams();
  return (
    <Form method="get" className="staff-filters">
      <div className="field">
        <label htmlFor="members-q">{t("members.search")}</label>
        <input id="members-q" name="q" type="search" defaultValue={params.get("q") ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="members-role">{t("members.filterRole")}</label>
        <select id="members-role" name="role" defaultValue={params.get("role") ?? ""}>
          <option value="">{t("members.allRoles")}</option>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        {t("list.filter")}
      </button>
    </Form>
  );
}

function AddForm({ stores }: { stores: { id: string; name: string }[] }) {
  const { t } = useTranslation("staff");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "staff-add",
    lastResult: actionData?.result,
    ...zodValidation(newStaffSchema),
  });
  return (
    <section aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">{t("members.add.title")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField field={fields.name} label={t("members.name")} autoComplete="off" />
        <TextField field={fields.email} label={t("members.email")} type="email" autoComplete="off" />
        <RoleAndStore role={fields.role} storeId={fields.storeId} stores={stores} />
        <button type="submit" className="button button-primary">
          {t("members.add.submit")}
        </button>
      </Form>
    </section>
  );
}

export default function StaffMembers() {
  const { members, more, query, stores } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <>
      <h1>{t("members.title")}</h1>
      <Filters />
      <StaffTable
        rows={members}
        columns={useColumns()}
        sort={query.sort}
        desc={query.desc}
        page={query.page}
        more={more}
        caption={t("members.caption")}
        rowKey={(m) => String(m.id)}
      />
      <AddForm stores={stores} />
    </>
  );
}
