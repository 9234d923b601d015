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
