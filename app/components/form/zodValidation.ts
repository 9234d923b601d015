import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * conform options that check a form in the browser with the schema its action parses: a field is
 * checked when it loses focus and again on every keystroke once it shows an error, so the German
 * message comes before the submit. The server parses the same schema again and stays the authority;
 * without JavaScript nothing of this runs.
 *
 * A submit stopped here answers as the action would have: `formError` is the message the action
 * puts above a form that failed its schema, and the passwords are emptied, as after a failed post
 * (useClearPasswords).
 */
export function zodValidation<Schema extends ZodTypeAny>(schema: Schema, formError?: string) {
  return {
    constraint: getZodConstraint(schema),
    onValidate({ form, formData }: { form: HTMLFormElement; formData: FormData }) {
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "error") return submission;
      form.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => {
        input.value = "";
      });
      if (!formError) return submission;
      return {
        ...submission,
        reply: (options?: Parameters<typeof submission.reply>[0]) =>
          submission.reply({ formErrors: [formError], ...options }),
      };
    },
    shouldValidate: "onBlur" as const,
    shouldRevalidate: "onInput" as const,
  };
}
