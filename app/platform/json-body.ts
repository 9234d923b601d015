/** A webhook's raw body read as JSON, for a schema to `.pipe` into: text that is no JSON is an issue, never a throw. */
import { z } from "zod";

export const jsonBody = z.string().transform((body, ctx): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    ctx.addIssue({ code: "custom", message: "not JSON" });
    return z.NEVER;
  }
});
