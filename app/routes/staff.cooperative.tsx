import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { requireStaff } from "~/http/staff/staff-identity.server";

export const handle = { i18n: ["staff", "staffCooperative"] };

/** The cooperative's section (issue 32): its two lists, for the cooperative's role only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "cooperative.read");
  return null;
}

export default function CooperativeSection() {
  const { t } = useTranslation("staffCooperative");
  return (
    <>
      <nav className="staff-tabs" aria-label={t("tabs.label")}>
        <NavLink to="/staff/cooperative" end>
          {t("tabs.declarations")}
        </NavLink>
        <NavLink to="/staff/cooperative/notices">{t("tabs.notices")}</NavLink>
      </nav>
      <Outlet />
    </>
  );
}
