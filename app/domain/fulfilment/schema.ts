/**
 * The back office's fulfilment forms (issue 32), shared by the server, which parses every post
 * with them, and the browser, which checks the tracking number before sending. Messages are
 * locale keys.
 */
import { z } from "zod";
import type { CarrierCode } from "~/domain/checkout/carriers";
import { isTrackingNumber } from "./shipment";

const required = "validation.required";

/** One line of the pick list marked picked (`picked` 1) or the mark taken back (0). */
export const pickSchema = z.object({
  sku: z.string().min(1).max(64),
  gift: z.enum(["0", "1"]),
  picked: z.enum(["0", "1"]),
});

/** "Versandt": the carrier's tracking number, in the shape its parcel service gives out. */
export function shipSchema(carrier: CarrierCode) {
  return z.object({
    trackingNumber: z
      .string({ required_error: required })
      .trim()
      .max(40, `staffOrders:ship.invalid.${carrier}`)
      .refine((value) => isTrackingNumber(carrier, value), `staffOrders:ship.invalid.${carrier}`),
  });
}

/** A line can be ordered at most this often (domain/cart/quantity.ts), so no shortage is larger. */
const MAX_LINE_QTY = 999;

/**
 * "Fehlmengen buchen": per line of the pick list how many pieces are missing, against the quantity
 * the list showed (`expected`, so a booking made meanwhile is not booked twice). An empty field is
 * nothing missing; at least one line must have something missing.
 */
export const shortageSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            sku: z.string().min(1).max(64),
            gift: z.enum(["0", "1"]),
            expected: z.number().int().min(1).max(MAX_LINE_QTY),
            missing: z
              .number({ invalid_type_error: "staffOrders:short.invalid" })
              .int("staffOrders:short.invalid")
              .min(0, "staffOrders:short.invalid")
              .max(MAX_LINE_QTY, "staffOrders:short.invalid")
              .optional(),
          })
          .refine((line) => (line.missing ?? 0) <= line.expected, {
            path: ["missing"],
            message: "staffOrders:short.tooMany",
          }),
      )
      .min(1)
      .max(200),
  })
  .refine((form) => form.lines.some((line) => (line.missing ?? 0) > 0), { message: "staffOrders:short.none" });
