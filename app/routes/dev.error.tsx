import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStandIns } from "~/platform/route-data.server";

/**
 * Development and test only: an unhandled error, so the error page can be seen and tested.
 * Anywhere else this path does not exist.
 */
export function loader({ context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  throw new Error("Deliberate error to show the error page");
}

export default function DevError() {
  return null;
}
