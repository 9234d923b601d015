import { redirect } from "@remix-run/cloudflare";

/** Vouchers are part of the account balance. */
export const loader = () => redirect("/account/balance", 301);
