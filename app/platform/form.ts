/** Reading a form with its zod schema, the same way on the server and in the browser. */
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * The form exactly as sent, without conform's coercion, which reads an empty field as a missing
 * one: where the two mean different things (the cart's quantity: missing is 1, empty is wrong).
 */
export function parseFormAsSent<Schema extends ZodTypeAny>(payload: FormData, schema: Schema) {
  return parseWithZod(payload, { schema, disableAutoCoercion: true });
}
