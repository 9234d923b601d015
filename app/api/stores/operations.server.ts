/**
 * The store list for apps (issue 34, docs/decisions/0050-locations-graphql.md): public, read-only,
 * from the same locations source and domain functions as the store map, the store choice and the
 * locations GraphQL endpoint. A store's `id` is the `storeId` of a card application.
 */
import { z } from "zod";
import { NEAREST_MAX } from "~/domain/store/locations";
import { LocationsUnavailable, locationsSource } from "~/domain/store/locations.server";
import { ApiFailure, operation } from "../operation.server";
import { roundedKm, storeSchema, storeView } from "./resource.server";

const TAG = "Märkte";

const service = (what: string) =>
  z
    .enum(["1", "true", "0", "false"])
    .transform((v) => v === "1" || v === "true")
    .describe(`Nur Märkte ${what} (1/true) oder ohne (0/false)`);

export const listStores = operation({
  method: "GET",
  path: "/rest/V1/stores",
  summary:
    "Die Märkte mit Adresse, Lage, Öffnungs- und besetzten Zeiten und Services; mit postcode die nächsten zuerst",
  operationId: "getStores",
  description:
    "Liefert die Märkte aus derselben Standortquelle wie die Marktkarte und der Standortdienst unter /graphql, wahlweise nur die mit Click & Collect oder Einlass per Kundenkarte; mit postcode die nächsten zuerst mit Entfernung. Die id eines Markts ist die storeId eines Kartenantrags. Abgewiesen werden eine unbekannte Postleitzahl und limit ohne postcode.",
  tag: TAG,
  auth: false,
  query: z
    .object({
      clickAndCollect: service("mit Click & Collect"),
      cardEntry: service("mit Einlass per Kundenkarte"),
      postcode: z
        .string()
        .regex(/^\d{5}$/, "api:postcode")
        .describe("Postleitzahl: die nächsten Märkte zuerst, mit Entfernung"),
      limit: z
        .string()
        .regex(/^\d{1,2}$/, `api:storeLimit|${NEAREST_MAX}`)
        .transform(Number)
        .refine((n) => n >= 1 && n <= NEAREST_MAX, `api:storeLimit|${NEAREST_MAX}`)
        .describe(`Mit postcode: wie viele der nächsten Märkte (1 bis ${NEAREST_MAX}, sonst 10)`),
    })
    .partial()
    .strict(),
  response: z.object({
    stores: z.array(
      storeSchema.extend({
        distanceKm: z.number().nullable().describe("Entfernung von der Postleitzahl in km; null ohne postcode"),
      }),
    ),
    origin: z.string().nullable().describe("Die Postleitzahl, von der aus gemessen wurde"),
  }),
  errors: { 503: "Der Standortdienst ist gerade nicht erreichbar" },
  async run({ query }, { env }) {
    const filter = { clickAndCollect: query.clickAndCollect, cardEntry: query.cardEntry };
    if (query.limit !== undefined && query.postcode === undefined)
      throw new ApiFailure(400, "api:limitNeedsPostcode", ["query.limit"]);
    const source = locationsSource(env);
    try {
      if (query.postcode !== undefined) {
        const near = await source.nearest(query.postcode, { ...filter, limit: query.limit });
        if (near === null) throw new ApiFailure(400, "api:unknownPostcode", ["query.postcode"]);
        return {
          stores: near.map((n) => ({ ...storeView(n.location), distanceKm: roundedKm(n.distanceKm) })),
          origin: query.postcode,
        };
      }
      const stores = await source.stores(filter);
      return { stores: stores.map((l) => ({ ...storeView(l), distanceKm: null })), origin: null };
    } catch (error) {
      if (!(error instanceof LocationsUnavailable)) throw error;
      console.error(error.message);
      throw new ApiFailure(503, "api:locationsUnavailable");
    }
  },
});

export const STORE_OPERATIONS = [listStores];
