import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { requireStaff } from "~/http/staff/staff-identity.server";

export const handle = { i18n: ["staff", "staffMarketing"] };

/** Marketing's section (issue 33): vouchers and the free-gift steps, for the marketing role only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "marketing.read");
  return null;
}

export default function MarketingSection() {
  const { t } = useTranslation("staffMarketing");
  return (
    <>
      <nav className="staff-tabs" aria-label={t("subnav.label")}>
        <NavLink to="/staff/marketing" end>
          {t("subnav.vouchers")}
        </NavLink>
        <NavLink to="/staff/marketing/gifts">{t("subnav.gifts")}</NavLink>
      </nav>
      <Outlet />
    </>
  );
}
