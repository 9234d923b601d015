import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { StaffTable } from "~/components/staff/StaffTable";
import { checkFile, fileColumns } from "~/domain/range/import/check.server";
import { importJobs } from "~/domain/range/import/lists.server";
import type { ImportJobRow } from "~/domain/range/import/report";
import { uploadSchema } from "~/domain/range/import/upload";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { readListQuery } from "~/http/staff/list-query.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { germanDigits } from "~/domain/catalog/number-format";

/**
 * Loading the range (issue 33 §1): upload a CSV or JSON file for a dry run (its report is the
 * next page, staff.range.import.$id.tsx), download the range as a file, and the imports so far.
 */
export const handle = { i18n: ["staff", "staffRange"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "range.import");
  const list = readListQuery(new URL(request.url).searchParams, {
    sorts: ["id"],
    defaultSort: "id",
    defaultDesc: true,
    pageSize: 20,
  });
  const [{ jobs, more }, t] = await Promise.all([importJobs(context.env.DB, list), translator("staffRange")]);
  return {
    title: pageTitle(t("import.title"), t),
    // from the loader: the column list module would put the allergen list into the shop's chunks
    fileColumns: fileColumns(),
    jobs,
    more,
    list,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "range.import");
  const submission = parseForm(form, uploadSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const file = submission.value.file;
  const id = await checkFile(context.env.DB, staff, file, file.name || "upload");
  throw redirect(`/staff/range/import/${id}`);
}

const dateTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});
const column = createColumnHelper<ImportJobRow>();

export default function RangeImport() {
  const { jobs, more, list, fileColumns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("staffRange");
  const [form, fields] = useForm({
    id: "range-import",
    lastResult: actionData?.result,
    ...zodValidation(uploadSchema),
  });
  const columns = [
    column.accessor("id", {
      id: "id",
      header: t("import.jobs.id"),
      enableSorting: true,
      cell: (c) => (
        <Link to={`/staff/range/import/${c.getValue()}`}>{t("import.jobs.link", { id: c.getValue() })}</Link>
      ),
    }),
    column.accessor("fileName", { header: t("import.jobs.file") }),
    column.accessor("createdAt", { header: t("import.jobs.at"), cell: (c) => dateTime.format(c.getValue() * 1000) }),
    column.accessor("staffName", { header: t("import.jobs.by") }),
    column.accessor("state", {
      header: t("import.jobs.state"),
      cell: (c) =>
        c.row.original.problems || c.row.original.rowsError
          ? t("import.jobs.refused")
          : t(`import.state.${c.getValue()}`),
    }),
    column.accessor("rowsTotal", { header: t("import.jobs.rows"), cell: (c) => germanDigits(c.getValue()) }),
  ];
  const file = getInputProps(fields.file, { type: "file", ariaAttributes: false });
  return (
    <div className="staff-page">
      <p>
        <Link to="/staff/range">{t("product.back")}</Link>
      </p>
      <h1>{t("import.title")}</h1>
      <p>{t("import.intro")}</p>
      <section aria-labelledby="import-upload" className="staff-card">
        <h2 id="import-upload">{t("import.upload.title")}</h2>
        <p>{t("import.upload.hint")}</p>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
          <AuthenticityTokenInput />
          <FormMessage errors={form.errors} id={form.errorId} />
          <div className={fields.file.errors?.length ? "field has-error" : "field"}>
            <label htmlFor={fields.file.id}>{t("import.upload.label")}</label>
            <input
              {...file}
              key={file.key}
              accept=".csv,.json,.gz,text/csv,application/json"
              aria-invalid={fields.file.errors?.length ? true : undefined}
              aria-describedby={fields.file.errors?.length ? fields.file.errorId : undefined}
            />
            <FieldErrors field={fields.file} />
          </div>
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {t("import.upload.submit")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="import-export" className="staff-card">
        <h2 id="import-export">{t("import.export.title")}</h2>
        <p>{t("import.export.hint")}</p>
        <ul>
          <li>
            <a href="/staff/range/export" download>
              {t("import.export.csv")}
            </a>
          </li>
          <li>
            <a href="/staff/range/export?format=json" download>
              {t("import.export.json")}
            </a>
          </li>
        </ul>
        <details>
          <summary>{t("import.export.columns")}</summary>
          <p>{fileColumns}</p>
          <p>{t("import.export.columnsHint")}</p>
        </details>
      </section>
      <section aria-labelledby="import-jobs">
        <h2 id="import-jobs">{t("import.jobs.title")}</h2>
        {jobs.length ? (
          <StaffTable
            rows={jobs}
            columns={columns}
            sort={list.sort}
            desc={list.desc}
            page={list.page}
            more={more}
            caption={t("import.jobs.caption")}
            rowKey={(row) => String(row.id)}
          />
        ) : (
          <p>{t("import.jobs.none")}</p>
        )}
      </section>
    </div>
  );
}
