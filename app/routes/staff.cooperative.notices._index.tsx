import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { NoticeList } from "~/components/staff/cooperative/NoticeList";
import { NOTICE_STATES, type NoticeState } from "~/domain/share/cooperative";
import { NOTICE_SORTS, sharesGivenNotice } from "~/domain/share/payout.server";
import { readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffCooperative"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** Shares given notice, by the date they take effect (the end of a business year), filtered by their state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "cooperative.read");
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, { sorts: NOTICE_SORTS, defaultSort: "effective" });
  const state = NOTICE_STATES.find((s) => s === params.get("state"));
  const [{ notices, more }, t] = await Promise.all([
    sharesGivenNotice(context.env.DB, { state }, query),
    translator("staffCooperative"),
  ]);
  return {
    title: pageTitle(t("notices.title"), t),
    notices,
    more,
    state: state ?? "",
    sort: query.sort,
    desc: query.desc,
    page: query.page,
  };
}

const FILTER: (NoticeState | "")[] = ["", ...NOTICE_STATES];

export default function SharesGivenNotice() {
  const { state, ...list } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["staffCooperative", "staff"]);
  return (
    <div>
      <h1>{t("notices.title")}</h1>
      <p>{t("notices.intro")}</p>
      <Form method="get" className="staff-filters">
        <div className="field">
          <label htmlFor="notice-state">{t("notices.filter")}</label>
          <select id="notice-state" name="state" defaultValue={state} key={state}>
            {FILTER.map((value) => (
              <option key={value} value={value}>
                {t(`notices.state.${value || "all"}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          {t("staff:list.filter")}
        </button>
      </Form>
      <NoticeList {...list} />
    </div>
  );
}
