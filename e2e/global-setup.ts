import { forgetStates } from "./page-state";

/** Each run checks every page state anew (page-state.ts). */
export default function globalSetup() {
  forgetStates();
}
