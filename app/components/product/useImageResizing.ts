import { useRouteLoaderData } from "@remix-run/react";

/** Whether product images go through Cloudflare Image Resizing (set by configuration). */
export function useImageResizing(): boolean {
  return useRouteLoaderData<{ imageResizing?: boolean }>("root")?.imageResizing ?? false;
}
