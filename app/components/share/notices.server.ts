/**
 * The shares' notices for the server's render of the page frame (root.tsx). The browser loads
 * their code on demand instead (docs/decisions/0054): this module is empty there.
 */
export { ShareWaitingModal } from "./ShareWaitingModal";
export { SharesReady } from "./SharesReady";
