/**
 * Every operation of the API, in the order the OpenAPI document lists them. A new operation joins
 * this list and gets its examples in tests/integration/api/examples.ts (the contract test fails
 * without them); the fuzz test (tests/integration/api/fuzz.test.ts) reads it from the document.
 */
import { z } from "zod";
import { CARD_OPERATIONS } from "./cards/operations.server";
import { CART_OPERATIONS } from "./cart/operations.server";
import { CATALOG_OPERATIONS } from "./catalog/operations.server";
import { CHECKOUT_OPERATIONS } from "./checkout/operations.server";
import { ACCOUNT_OPERATIONS } from "./customer/account-operations.server";
import { CUSTOMER_OPERATIONS } from "./customer/operations.server";
import { openApiDocument } from "./openapi.server";
import { SHARE_OPERATIONS } from "./shares/operations.server";
import { ORDER_OPERATIONS } from "./orders/operations.server";
import { STORE_OPERATIONS } from "./stores/operations.server";
import { type Operation, operation } from "./operation.server";

let document: ReturnType<typeof openApiDocument> | undefined;

export const describeApi = operation({
  method: "GET",
  path: "/rest/V1/openapi.json",
  summary: "Diese Beschreibung als OpenAPI 3.1",
  operationId: "getOpenApiDocument",
  description:
    "Liefert diese Beschreibung der API als OpenAPI-3.1-Dokument, erzeugt aus denselben Schemas, mit denen der Shop jede Anfrage prüft. Braucht keinen Zugangsschlüssel.",
  tag: "API",
  auth: false,
  response: z.record(z.unknown()),
  async run(_input, { buildVersion }) {
    document ??= openApiDocument(OPERATIONS, buildVersion);
    return document as unknown as Record<string, unknown>;
  },
});

export const OPERATIONS: readonly Operation[] = [
  describeApi,
  ...CUSTOMER_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...CATALOG_OPERATIONS,
  ...CART_OPERATIONS,
  ...CHECKOUT_OPERATIONS,
  ...ORDER_OPERATIONS,
  ...SHARE_OPERATIONS,
  ...CARD_OPERATIONS,
  ...STORE_OPERATIONS,
] as readonly Operation[];
