/**
 * What the admin's staff pages share: the stores a fulfilment member may belong to, and the
 * German answer to a refused change.
 */
import type { StaffChangeResult } from "~/domain/staff/staff.server";
import { listStores } from "~/domain/store/store.server";

export async function clickAndCollectStores(db: D1Database): Promise<{ id: string; name: string }[]> {
  return (await listStores(db))
    .filter((store) => store.clickAndCollect)
    .map((store) => ({ id: store.id, name: store.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
}

/** The field a refusal belongs to (the e-mail address, or the form as a whole) and its text. */
export function refusalMessage(result: Extract<StaffChangeResult, { ok: false }>): {
  field: "email" | "";
  message: string;
} {
  return {
    field: result.reason === "emailTaken" ? "email" : "",
    message: `staff:members.error.${result.reason}`,
  };
}
