import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { findStore } from "~/domain/store/store.server";
import { sectionsFor } from "~/http/staff/sections.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { translator } from "~/platform/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** The back office's overview: whom it greets, and the sections her role opens. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [t, store] = await Promise.all([
    translator("staff"),
    staff.storeId ? findStore(context.env.DB, staff.storeId) : null,
  ]);
  return {
    title: pageTitle(t("home.title"), t),
    name: staff.name,
    role: staff.role,
    store: staff.role === "fulfilment" ? (store?.name ?? t("warehouse")) : null,
    sections: sectionsFor(staff.role),
  };
}

export default function StaffHome() {
  const { name, role, store, sections } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <div className="page-narrow">
      <h1>{t("home.greeting", { name })}</h1>
      {store ? <p>{t("home.store", { store })}</p> : null}
      <p>{t("home.intro", { role: t(`role.${role}`) })}</p>
      <ul className="staff-sections">
        {sections.map((section) => (
          <li key={section.key}>
            <Link to={section.path}>{t(`nav.${section.key}`)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
