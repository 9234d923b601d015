/**
 * The page frame's parts whose code the browser loads on demand (root.tsx, docs/decisions/0054):
 * the shares' notices, the error page and a notice's toast. The server renders them from here as before; this
 * module is empty in the browser's build.
 */
export { ShareWaitingModal } from "~/components/share/ShareWaitingModal";
export { SharesReady } from "~/components/share/SharesReady";
export { ErrorPage } from "~/components/ui/ErrorPage";
export { Toast } from "./Toast";
