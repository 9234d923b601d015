import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { answerUnknownPath } from "~/http/content/unknown-path.server";

/** Paths no route answers: a redirect, the login, or a 404 on the error page (unknown-path.server.ts). */
export const loader = (args: LoaderFunctionArgs) => answerUnknownPath(args);

export default function NotFound() {
  return null;
}
