import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FilterSelect, StaffFilterForm } from "~/components/staff/StaffFilters";
import { StaffTable } from "~/components/staff/StaffTable";
import { FormMessage } from "~/components/form/Field";
import { applyStep, confirmImport, importJob } from "~/domain/range/import/apply.server";
import { importReport } from "~/domain/range/import/lists.server";
import { REPORT_SHOWS, type ReportShow } from "~/domain/range/import/report";
import type { CellProblem } from "~/domain/range/import/format";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { readListQuery } from "~/http/staff/list-query.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";
import { germanDigits } from "~/domain/catalog/number-format";

/**
 * One import (issue 33 §1): the dry run's report (per row and column, a StaffTable paged in the
 * URL), its summary, the confirmation, and while it is applied the progress. Opening the page of a
 * confirmed job applies its next steps for about a second before answering (decision 0049): with
 * JavaScript the page asks again at once (a progress bar that advances), without it the page
 * refreshes itself, so the job goes on either way and continues after any failure from its cursor.
 */
export const handle = { i18n: ["staff", "staffRange"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** How long one page load applies steps before it answers with the progress. */
const STEP_BUDGET_MS = 1500;

async function jobOf(db: D1Database, id: string | undefined) {
  const job = id && /^\d{1,9}$/.test(id) ? await importJob(db, Number(id)) : null;
  if (!job) throw notFound();
  return job;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "range.import");
  const db = context.env.DB;
  let job = await jobOf(db, params.id);
  let failed = false;
  const started = Date.now();
  while (job.state === "applying" && Date.now() - started < STEP_BUDGET_MS) {
    try {
      job = (await applyStep(db, staff, job.id)) ?? job;
    } catch (error) {
      // the batch did not happen as a whole: the next load retries it from the cursor
      console.error("range import step failed", error);
      failed = true;
      break;
    }
  }
  const search = new URL(request.url).searchParams;
  const list = readListQuery(search, { sorts: ["line"], defaultSort: "line" });
  const requested = search.get("show");
  const show: ReportShow = REPORT_SHOWS.find((s) => s === requested) ?? (job.rowsError ? "error" : "all");
  const [{ rows, more }, t] = await Promise.all([importReport(db, job.id, show, list), translator("staffRange")]);
  return {
    title: pageTitle(t("import.job.title", { id: job.id }), t),
    job,
    failed,
    rows,
    more,
    list,
    show,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "range.import");
  if (form.get("intent") !== "confirm") throw unknownIntent();
  const job = await jobOf(context.env.DB, params.id);
  const result = await confirmImport(context.env.DB, staff, job.id);
  const path = `/staff/range/import/${job.id}`;
  if (result === "started") throw redirect(path);
  const key = result === "stale" ? "staffRange:import.job.stale" : "staffRange:import.job.notReady";
  return data({ refused: key }, { status: 409 });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const number = germanDigits;

export default function ImportJob() {
  const { job, failed, rows, more, list, show } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffRange");
  const refused = useActionData<typeof action>()?.refused;
  const revalidator = useRevalidator();
  const applying = job.state === "applying";
  // with JavaScript the page asks for the next steps as soon as the last answer is in
  useEffect(() => {
    if (!applying || revalidator.state !== "idle") return;
    const timer = setTimeout(() => revalidator.revalidate(), failed ? 3000 : 50);
    return () => clearTimeout(timer);
  }, [applying, failed, revalidator]);
  const problem = (p: CellProblem) => t(`import.error.${p.key}`, p.params ?? {});
  const columns = [
    column.accessor("line", { id: "line", header: t("import.report.line"), enableSorting: true }),
    column.accessor("sku", { header: t("import.report.sku") }),
    column.accessor("outcome", {
      header: t("import.report.outcome"),
      cell: (c) => (
        <>
          {t(`import.outcome.${c.getValue()}`)}
          {c.row.original.withdraws ? `, ${t("import.outcome.withdrawn")}` : ""}
        </>
      ),
    }),
    column.display({
      id: "details",
      header: t("import.report.details"),
      cell: (c) => {
        const row = c.row.original;
        if (row.problems.length)
          return (
            <ul className="import-problems">
              {row.problems.map((p) => (
                <li key={`${p.column}-${p.key}`}>
                  {p.column
                    ? t("import.report.cellProblem", { line: row.line, column: p.column, problem: problem(p) })
                    : t("import.report.rowProblem", { line: row.line, problem: problem(p) })}
                </li>
              ))}
            </ul>
          );
        if (row.columns.length) return t("import.report.changedColumns", { columns: row.columns.join(", ") });
        return null;
      },
    }),
  ];
  const fileProblems = job.fileProblems ? (JSON.parse(job.fileProblems) as CellProblem[]) : [];
  const canConfirm = job.state === "checked" && !fileProblems.length && job.rowsError === 0 && !job.stale;
  return (
    <div className="staff-page">
      {applying ? (
        // without JavaScript the page refreshes itself and so continues the job
        <noscript>
          <meta httpEquiv="refresh" content="1" />
        </noscript>
      ) : null}
      <p>
        <Link to="/staff/range/import">{t("import.job.back")}</Link>
      </p>
      <h1>{t("import.job.title", { id: job.id })}</h1>
      <FormMessage errors={refused ? [refused] : null} />
      <p>{t("import.job.file", { name: job.fileName, format: job.format.toUpperCase() })}</p>
      {job.state === "checking" ? <p className="staff-overdue">{t("import.job.interrupted")}</p> : null}
      {fileProblems.length ? (
        <section aria-labelledby="import-file-problems" className="staff-card">
          <h2 id="import-file-problems">{t("import.job.fileRefused")}</h2>
          <ul>
            {fileProblems.map((p) => (
              <li key={p.key + JSON.stringify(p.params ?? {})}>{problem(p)}</li>
            ))}
          </ul>
          <p>
            <Link to="/staff/range/import">{t("import.job.again")}</Link>
          </p>
        </section>
      ) : (
        <Summary />
      )}
      {applying || job.state === "done" ? (
        <section aria-labelledby="import-progress" className="staff-card">
          <h2 id="import-progress">{t(job.state === "done" ? "import.progress.done" : "import.progress.title")}</h2>
          <progress
            max={Math.max(job.rowsToApply, 1)}
            value={job.state === "done" ? Math.max(job.rowsToApply, 1) : job.rowsApplied}
            aria-labelledby="import-progress-text"
          />
          <p id="import-progress-text" role="status">
            {t("import.progress.rows", { done: number(job.rowsApplied), total: number(job.rowsToApply) })}
          </p>
          {failed ? <p className="staff-overdue">{t("import.progress.failed")}</p> : null}
          {applying ? (
            <noscript>
              <p>
                <Link to={`/staff/range/import/${job.id}`}>{t("import.progress.continue")}</Link>
              </p>
            </noscript>
          ) : null}
        </section>
      ) : null}
      {canConfirm ? (
        <Form method="post" className="staff-card">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="confirm" />
          <p>{t("import.job.confirmHint")}</p>
          <button type="submit" className="button button-primary">
            {t("import.job.confirm")}
          </button>
        </Form>
      ) : null}
      {job.state === "checked" && job.stale && !fileProblems.length ? (
        <p className="staff-overdue">{t("import.job.staleHint")}</p>
      ) : null}
      {job.state === "checked" && job.rowsError > 0 ? (
        <p className="staff-overdue">{t("import.job.fixErrors", { count: job.rowsError })}</p>
      ) : null}
      {fileProblems.length ? null : (
        <section aria-labelledby="import-report">
          <h2 id="import-report">{t("import.report.title")}</h2>
          <StaffFilterForm label={t("import.report.filter")} sort={list.sort} desc={list.desc}>
            <FilterSelect
              id="import-show"
              name="show"
              label={t("import.report.show")}
              value={show}
              options={REPORT_SHOWS}
              text={(s) => t(`import.report.showOption.${s}`)}
            />
          </StaffFilterForm>
          {rows.length ? (
            <StaffTable
              rows={rows}
              columns={columns}
              sort={list.sort}
              desc={list.desc}
              page={list.page}
              more={more}
              caption={t("import.report.caption")}
              rowKey={(row) => String(row.line)}
            />
          ) : (
            <p>{t("import.report.none")}</p>
          )}
        </section>
      )}
    </div>
  );
}

function Summary() {
  const { job } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffRange");
  const figures: [string, number][] = [
    ["rows", job.rowsTotal],
    ["error", job.rowsError],
    ["new", job.rowsNew],
    ["changed", job.rowsChanged],
    ["unchanged", job.rowsUnchanged],
    ["withdrawn", job.rowsWithdrawn],
  ];
  return (
    <section aria-labelledby="import-summary" className="staff-card">
      <h2 id="import-summary">{t("import.summary.title")}</h2>
      <dl className="staff-facts">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`import.summary.${key}`)}</dt>
            <dd>{number(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
