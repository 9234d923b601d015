/** Payment methods the checkout offers (spec 9), kept apart from the form schema so pages need no zod. */
export const PAYMENT_METHODS = ["paypal", "card", "sepa", "balance"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const COMMENT_MAX_LENGTH = 500;
