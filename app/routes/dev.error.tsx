import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/platform/route-data.server";

/**
 * Development and test only: an unhandled error, so the error page can be seen and tested.
 * In production this path does not exist.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (context.env.ENVIRONMENT === "production") throw notFound();
  throw new Error("Deliberate error to show the error page");
}

export default function DevError() {
  return null;
}
