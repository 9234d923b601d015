/**
 * The theme toggle's form read with its schema. A module of its own so the schema (and zod) stay
 * out of the browser code the toggle's fetcher loads.
 */
import { themeFormSchema, type DarkMode } from "~/domain/customer/dark-mode";
import { parseForm } from "~/platform/form.server";

export function readThemeForm(form: FormData): DarkMode {
  const submission = parseForm(form, themeFormSchema);
  return submission.status === "success" ? submission.value.darkMode : "0";
}
