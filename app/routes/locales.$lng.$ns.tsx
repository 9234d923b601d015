import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localeVersion, resources } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";

/** Translation files for the browser's i18next; immutable when asked for the current version. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const ns = (params.ns ?? "").replace(/\.json$/, "");
  // Own keys only: "/locales/constructor/name" must not find Object's prototype.
  const languages: Record<string, Record<string, unknown>> = resources;
  const lng = params.lng ?? "";
  const texts = Object.hasOwn(languages, lng) && Object.hasOwn(languages[lng], ns) ? languages[lng][ns] : null;
  if (!texts) throw notFound();
  const current = new URL(request.url).searchParams.get("v") === localeVersion;
  return Response.json(texts, {
    headers: {
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300, s-maxage=300",
    },
  });
}
