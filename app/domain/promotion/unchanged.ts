import { sql } from "kysely";

/** Aborts a marketing change's batch when the statement before it changed nothing (migration 0018's staff_guard). */
export const UNCHANGED = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

/** The guard's refusal as SQLite names it. */
export const STALE = { kind: "CHECK", name: "staff_unchanged" } as const;
