/**
 * The HTTP side of the heart buttons' posts: the form read with the wishlist schema, its intent
 * turned into the change, the outcome into the notice to show. A module of its own so the schema
 * (and zod) stay out of the wishlist page's browser code.
 */
import { wishlistFormSchema } from "~/domain/customer/wishlist";
import { changeWishlist } from "~/domain/customer/wishlist.server";
import type { Notice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";

const FAILED: Notice = { type: "error", key: "account:wishlist.failed" };

export async function answerWishlistForm(db: D1Database, customerId: number, form: FormData): Promise<Notice> {
  const submission = parseForm(form, wishlistFormSchema);
  if (submission.status !== "success") return FAILED;
  const { intent, sku } = submission.value;
  const name = await changeWishlist(db, customerId, sku, intent);
  if (name === null) return FAILED;
  return {
    type: "success",
    key: intent === "add" ? "account:wishlist.added" : "account:wishlist.removed",
    values: { name },
  };
}
