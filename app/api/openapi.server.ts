/**
 * The OpenAPI 3.1 document of the API, generated from the operations' zod schemas
 * (@asteasolutions/zod-to-openapi), so the description and the checks cannot drift apart. Made once
 * per isolate, on its first request.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { type ZodTypeAny, z } from "zod";
import { SELLER } from "~/domain/invoice/seller";
import { errorSchema } from "./errors.server";
import type { Operation } from "./operation.server";
import { API_TAGS } from "./tags.server";

const ERRORS = {
  400: "Ungültige Anfrage (JSON, Felder, Typen)",
  401: "Zugangsschlüssel fehlt, ist abgelaufen oder beendet",
  404: "Nicht gefunden",
  413: "Anfrage zu groß",
  415: "Kein JSON",
  429: "Zu viele Versuche",
  503: "Die Datenbank ist gerade nicht erreichbar; Retry-After nennt die Sekunden bis zum nächsten Versuch",
} as const;

const json = (schema: ZodTypeAny) => ({ "application/json": { schema } });

// The generator describes query and path parameters through zod's `.openapi()`, which this adds.
extendZodWithOpenApi(z);

/** The path's `{name}` parameters, each a string (an operation reads and checks them itself). */
function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : null;
}

export function openApiDocument(operations: readonly Operation[], version: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  for (const op of operations) {
    const status = op.status ?? 200;
    const params = pathParameters(op.path);
    registry.registerPath({
      method: op.method.toLowerCase() as "get" | "post" | "put" | "delete",
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security: op.auth ? [{ [bearer.name]: [] }] : [],
      request: {
        ...(op.body ? { body: { required: true, content: json(op.body) } } : {}),
        ...(op.query ? { query: op.query as never } : {}),
        ...(params ? { params: params as never } : {}),
        ...(op.headers ? { headers: op.headers as never } : {}),
      },
      responses: {
        [status]: status === 204 ? { description: "Erledigt" } : { description: "Erfolg", content: json(op.response) },
        ...Object.fromEntries(
          Object.entries(ERRORS)
            .filter(([code]) => op.auth || code !== "401")
            .map(([code, description]) => [code, { description, content: json(errorSchema) }]),
        ),
        // An operation's own refusals (the token call's 401 for wrong credentials, 403, 409): before,
        // the document lacked them, so a client generated from it knew no such answers.
        ...Object.fromEntries(
          Object.entries(op.errors ?? {}).map(([code, description]) => [
            code,
            { description, content: json(errorSchema) },
          ]),
        ),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Frischkorb API",
      version,
      description:
        "Die Aufrufe des Shops als JSON (docs/decisions/0034). Fehler antworten mit { message, parameters }; Geldbeträge sind Euro mit zwei Nachkommastellen, wie im System der Spezifikation.",
      // The shop's own interface, not published under an open licence: SPDX's form for a licence
      // of one's own (LicenseRef-), since OpenAPI 3.1 names a licence by an SPDX expression or a URL.
      license: {
        name: "Proprietär: alle Rechte bei der Frischkorb eG",
        identifier: "LicenseRef-Frischkorb-Proprietary",
      },
      // The imprint's customer service (domain/invoice/seller.ts, the one home of the shop's details).
      contact: { name: `${SELLER.name}, Kundenservice`, email: SELLER.email },
    },
    // The document is served by the shop it describes: its operations are on the document's own
    // origin, which OpenAPI writes as the relative "/" (the default it assumes when `servers` is left
    // out, said explicitly; an absolute origin would be wrong on every other address of the worker).
    servers: [{ url: "/", description: "Der Shop, der diese Beschreibung ausliefert" }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
  });
}
