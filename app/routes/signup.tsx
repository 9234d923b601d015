import { redirect } from "@remix-run/cloudflare";

/** /signup is an old address of the login page. */
export const loader = () => redirect("/login", 301);
