/** The heart buttons' form (the wishlist, "Merkzettel"): add or remove one product. */
import { z } from "zod";

const failed = "account:wishlist.failed";

export const wishlistFormSchema = z.object({
  intent: z.enum(["add", "remove"], { errorMap: () => ({ message: failed }) }),
  sku: z.string({ required_error: failed, invalid_type_error: failed }),
});

export type WishlistForm = z.infer<typeof wishlistFormSchema>;
