/**
 * The HTTP side of the heart buttons' posts: the form read with the wishlist schema. A module of
 * its own so the schema (and zod) stay out of the wishlist page's browser code.
 */
import { wishlistFormSchema } from "~/domain/customer/wishlist";
import { runWishlistIntent } from "~/domain/customer/wishlist.server";
import type { Notice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";

export async function answerWishlistForm(db: D1Database, customerId: number, form: FormData): Promise<Notice> {
  const submission = parseForm(form, wishlistFormSchema);
  if (submission.status !== "success") return { type: "error", key: "account:wishlist.failed" };
  return runWishlistIntent(db, customerId, submission.value.intent, submission.value.sku);
}
