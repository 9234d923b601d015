import { useContext } from "react";
import { RootDataContext } from "~/components/layout/root-data";

/** Whether product images go through Cloudflare Image Resizing (set by configuration). */
export function useImageResizing(): boolean {
  return useContext(RootDataContext)?.imageResizing ?? false;
}
