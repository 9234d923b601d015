/**
 * The parcel services behind the delivery carriers, their tracking numbers and where a customer
 * follows her parcel. The standard delivery goes as a DHL parcel (a 12 or 20 digit piece code, or a
 * "JJD" code), the express delivery with DHL Express (a 10 digit waybill number). The shop's own
 * chilled vans (Frischelieferung) have no tracking number: they bring the order in the booked window.
 */
import type { CarrierCode } from "~/domain/checkout/carriers";

interface Tracking {
  pattern: RegExp;
  url: (number: string) => string;
}

const TRACKING: Partial<Record<CarrierCode, Tracking>> = {
  myensopackagedelivery: {
    pattern: /^(?:\d{12}|\d{20}|JJD\d{18,20})$/,
    url: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(n)}`,
  },
  myensodhlexpress: {
    pattern: /^\d{10}$/,
    url: (n) =>
      `https://www.dhl.com/de-de/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(n)}`,
  },
};

/** Whether the carrier's shipments have a tracking number (the form asks for one). */
export function hasTracking(carrier: string | null): boolean {
  return carrier !== null && carrier in TRACKING;
}

/** A tracking number as written on the label: spaces and case do not matter. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isTrackingNumber(carrier: CarrierCode, value: string): boolean {
  return TRACKING[carrier]?.pattern.test(normalizeTrackingNumber(value)) ?? false;
}

/** Where the customer follows the parcel, or null for a carrier without tracking. */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  const tracking = carrier ? TRACKING[carrier as CarrierCode] : undefined;
  return tracking && number ? tracking.url(number) : null;
}
