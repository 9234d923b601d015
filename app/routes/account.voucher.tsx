import { redirect } from "@remix-run/cloudflare";

/** Spec 2: vouchers are part of the account balance. */
export const loader = () => redirect("/account/balance", 301);
