/**
 * The admin's staff forms, parsed by the server and checked in the browser with the same schema.
 * Messages are locale keys of the `staff` namespace. A fulfilment member names her store, or none
 * for the warehouse; the other roles have no store (the form's store is then ignored).
 */
import { z } from "zod";
import { STAFF_ROLES } from "./roles";

const role = z.enum(STAFF_ROLES, {
  errorMap: () => ({ message: "staff:members.error.role" }),
});

/** A store id as the form sends it; empty is the warehouse. Whether it exists the action checks. */
const storeId = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, "staff:members.error.store")
  .optional();

export const newStaffSchema = z.object({
  name: z
    .string({ required_error: "staff:members.error.name" })
    .trim()
    .min(2, "staff:members.error.name")
    .max(100, "staff:members.error.nameLength"),
  email: z
    .string({ required_error: "staff:members.error.email" })
    .trim()
    .max(254, "staff:members.error.email")
    .email("staff:members.error.email"),
  role,
  storeId,
});

const beforeState = {
  beforeRole: role,
  beforeStoreId: storeId,
  beforeActive: z.enum(["0", "1"]),
};

export const staffChangeSchema = z.object({
  role,
  storeId,
  active: z.literal("on").optional(),
  ...beforeState,
});
