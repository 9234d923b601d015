/**
 * The OpenAPI 3.1 document of the API, generated from the operations' zod schemas
 * (@asteasolutions/zod-to-openapi), so the description and the checks cannot drift apart. Made once
 * per isolate, on its first request.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { type ZodTypeAny, z } from "zod";
import { errorSchema } from "./errors.server";
import type { Operation } from "./operation.server";

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
      summary: op.summary,
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
        "Die Aufrufe des Shops als JSON (docs/decisions/0034). Fehler antworten mit { message, parameters }; Geldbeträge sind Euro mit zwei Nachkommastellen (2.29).",
    },
  });
}
