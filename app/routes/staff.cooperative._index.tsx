import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DeclarationQueue } from "~/components/staff/cooperative/DeclarationQueue";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { DECLARATION_SORTS, admitDeclaration, declarationsInReview } from "~/domain/share/cooperative.server";
import { readListQuery } from "~/http/staff/list-query.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffCooperative"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** Signed membership declarations waiting for the cooperative's decision, oldest signature first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "cooperative.read");
  const query = readListQuery(new URL(request.url).searchParams, { sorts: DECLARATION_SORTS, defaultSort: "signed" });
  const [{ declarations, more }, t] = await Promise.all([
    declarationsInReview(context.env.DB, query),
    translator("staffCooperative"),
  ]);
  return {
    title: pageTitle(t("declarations.title"), t),
    declarations,
    more,
    sort: query.sort,
    desc: query.desc,
    page: query.page,
  };
}

/** "Zulassen": admits one declaration, back to the same list (its sort and page kept). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "cooperative.admit");
  const purchaseId = String(form.get("purchaseId") ?? "");
  const result = purchaseId.length <= 64 ? await admitDeclaration(context.env.DB, staff, purchaseId) : null;
  const back = new URL(request.url);
  back.searchParams.delete("index");
  throw await redirectWithNotice(
    context.env,
    `${back.pathname}${back.search}`,
    result?.ok
      ? { type: "success", key: "staffCooperative:declarations.admitted", values: { count: result.quantity } }
      : { type: "warning", key: "staffCooperative:declarations.decided" },
  );
}

export default function DeclarationsInReview() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffCooperative");
  return (
    <div>
      <h1>{t("declarations.title")}</h1>
      <p>{t("declarations.intro")}</p>
      <DeclarationQueue {...data} />
    </div>
  );
}
