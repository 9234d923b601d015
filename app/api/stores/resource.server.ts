/**
 * A store as the API shows it, in the REST store list and in the locations GraphQL schema alike
 * (docs/decisions/0050-locations-graphql.md): the same names, so an app reads both the same way.
 * Its `id` is what a card application's `storeId` names (spec section 3, "Card application").
 */
import { z } from "zod";
import type { Location } from "~/domain/store/locations";
import { WEEKDAYS } from "~/domain/store/locations.server";
import type { DayHours } from "~/domain/store/store";

const timeRange = z.object({
  from: z.string().describe("Beginn, HH:MM (Europe/Berlin)"),
  to: z.string().describe("Ende, HH:MM (Europe/Berlin)"),
});

const dayHours = z.object({
  weekday: z.enum(WEEKDAYS),
  ranges: z.array(timeRange).describe("Zeitspannen des Tages; leer: geschlossen"),
});

export const storeSchema = z.object({
  id: z.string().describe("Die Kennung des Markts (storeId einer Kartenbestellung)"),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.object({
    street: z.string(),
    houseNumber: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string().describe("ISO-3166-Ländercode"),
  }),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  services: z.object({
    clickAndCollect: z.boolean().describe("Abholung von Online-Bestellungen (Click & Collect)"),
    cardEntry: z.boolean().describe("Einlass mit Kundenkarte außerhalb der besetzten Zeiten"),
  }),
  openingHours: z.array(dayHours).describe("Öffnungszeiten, Montag bis Sonntag"),
  staffedHours: z.array(dayHours).describe("Besetzte Zeiten, Montag bis Sonntag"),
  specialDays: z
    .array(
      z.object({
        date: z.string().describe("YYYY-MM-DD"),
        reason: z.string(),
        opening: z.array(timeRange).nullable().describe("null: ganztags geschlossen"),
        staffed: z.array(timeRange).nullable(),
      }),
    )
    .describe("Die nächsten Tage mit anderen Zeiten als sonst"),
});

export type StoreView = z.input<typeof storeSchema>;

const rangesOf = (day: DayHours) => day.map(([from, to]) => ({ from, to }));
const weekOf = (week: DayHours[]) => WEEKDAYS.map((weekday, i) => ({ weekday, ranges: rangesOf(week[i] ?? []) }));

export function storeView(l: Location): StoreView {
  return {
    id: l.id,
    name: l.name,
    phone: l.phone,
    address: { street: l.street, houseNumber: l.houseNumber, zip: l.zip, city: l.city, country: l.country },
    coordinates: { lat: l.latitude, lng: l.longitude },
    services: { clickAndCollect: l.clickAndCollect, cardEntry: l.cardEntry },
    openingHours: weekOf(l.openingHours),
    staffedHours: weekOf(l.staffedHours),
    specialDays: l.specialDays.map((d) => ({
      date: d.day,
      reason: d.reason,
      opening: d.opening && rangesOf(d.opening),
      staffed: d.staffed && rangesOf(d.staffed),
    })),
  };
}

/** Distances to a tenth of a kilometre: a postcode's region is no closer a starting point. */
export const roundedKm = (km: number) => Math.round(km * 10) / 10;
