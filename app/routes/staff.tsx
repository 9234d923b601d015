import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, NavLink, Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { StaffErrorPage } from "~/components/staff/StaffErrorPage";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { translator } from "~/platform/i18n.server";
import { sectionsFor } from "~/http/staff/sections.server";
import { isStaffForbidden } from "~/http/staff/staff-forbidden";
import { currentStaff } from "~/http/staff/staff-identity.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";
import staffStyles from "~/styles/staff.css";

/** Every page of the back office: its own frame (root.tsx), its texts, never cached or indexed. */
export const handle = { i18n: ["staff"], area: "staff" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

/**
 * A page's own meta replaces this one; this one is the title of an error shown in the frame
 * (root.tsx titles only the errors it shows itself).
 */
export const meta: MetaFunction<typeof loader> = ({ data: d, error }) => {
  if (!error || !d) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const forbidden = isRouteErrorResponse(error) && isStaffForbidden(status, error.data);
  return [{ title: forbidden ? d.titles.forbidden : d.titles.error.replace(CODE, String(status)) }];
};

/** Where an error title's status code goes. */
const CODE = "{code}";

// A header, not a meta tag, so that every page below keeps it whatever its own meta says.
export const headers: HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
  "X-Robots-Tag": "noindex, nofollow",
});

/**
 * Who is signed in, for the frame (null on the sign-in page); each page below checks her role for
 * itself (requireStaff), so this frame decides nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [staff, t] = await Promise.all([currentStaff(request, context), translator("staff")]);
  return data(
    {
      titles: {
        forbidden: pageTitle(t("forbidden.headline"), t),
        error: pageTitle(t("common:pages.error.title", { code: CODE }), t),
      },
      staff: staff ? { name: staff.name, role: staff.role } : null,
      sections: staff ? sectionsFor(staff.role) : [],
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** The frame around a page or an error; without its data (the loader failed) it is the bare header. */
function StaffFrame({ children }: { children: ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("routes/staff");
  const { t } = useTranslation("staff");
  return (
    <>
      <header className="staff-header">
        <Link to="/staff" className="staff-brand">
          {t("frame.brand")}
        </Link>
        {frame?.staff ? (
          <>
            <nav aria-label={t("frame.nav")} className="staff-nav">
              <ul>
                <li>
                  <NavLink to="/staff" end>
                    {t("nav.home")}
                  </NavLink>
                </li>
                {frame.sections.map((section) => (
                  <li key={section.key}>
                    <NavLink to={section.path}>{t(`nav.${section.key}`)}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="staff-who">
              <span>{t("frame.signedInAs", { name: frame.staff.name, role: t(`role.${frame.staff.role}`) })}</span>
              <Form method="post" action="/staff/logout" reloadDocument>
                <AuthenticityTokenInput />
                <button type="submit" className="button button-secondary button-small">
                  {t("frame.signOut")}
                </button>
              </Form>
            </div>
          </>
        ) : null}
      </header>
      <main id="main" className="main staff-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

export default function StaffLayout() {
  return (
    <StaffFrame>
      <Outlet />
    </StaffFrame>
  );
}

/** A role's refusal explained as such; every other error as the shop explains its codes. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <StaffFrame>
      <StaffErrorPage status={status} forbidden={isRouteErrorResponse(error) && isStaffForbidden(status, error.data)} />
    </StaffFrame>
  );
}
