import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type ExportFormat, exportRange } from "~/domain/range/import/export.server";
import { requireStaff } from "~/http/staff/staff-identity.server";

/**
 * The range as a file (issue 33 §1): CSV (`;`, UTF-8 with BOM, decimal commas) or `?format=json`,
 * the columns the import reads (docs/range-import.md), streamed page by page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "range.export");
  const format: ExportFormat = new URL(request.url).searchParams.get("format") === "json" ? "json" : "csv";
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportRange(context.env.DB, format), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="sortiment-${day}.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
