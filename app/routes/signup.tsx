import { redirect } from "@remix-run/cloudflare";

/** Spec 2: /signup is an old address of the login page. */
export const loader = () => redirect("/login", 301);
