/**
 * The back office's sections as its navigation shows them: each behind the staff action that
 * reads it, so a member of staff sees exactly the sections her role may open (domain/staff/roles.ts).
 */
import { mayTake, type StaffAction, type StaffRole } from "~/domain/staff/roles";

interface StaffSection {
  /** The text key in locales/de/staff.json under `nav`. */
  key: string;
  path: string;
  action: StaffAction;
}

const SECTIONS: StaffSection[] = [
  { key: "orders", path: "/staff/orders", action: "orders.read" },
  { key: "withdrawals", path: "/staff/withdrawals", action: "withdrawals.read" },
  { key: "customers", path: "/staff/customers", action: "customers.read" },
  { key: "cooperative", path: "/staff/cooperative", action: "cooperative.read" },
  { key: "range", path: "/staff/range", action: "range.read" },
  { key: "rangeImport", path: "/staff/range/import", action: "range.import" },
  { key: "marketing", path: "/staff/marketing", action: "marketing.read" },
  { key: "stores", path: "/staff/stores", action: "stores.read" },
  { key: "members", path: "/staff/members", action: "staff.list" },
  { key: "audit", path: "/staff/audit", action: "audit.read" },
];

export function sectionsFor(role: StaffRole): { key: string; path: string }[] {
  return SECTIONS.filter((section) => mayTake(role, section.action)).map(({ key, path }) => ({ key, path }));
}
