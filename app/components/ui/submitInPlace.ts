import type { FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";

/**
 * Enhances a post form whose hidden `redirectTo` sends a no-JavaScript browser back to the page:
 * with JavaScript the fetcher posts without it, so the action answers in place and the page stays.
 */
export function submitInPlace(fetcher: FetcherWithComponents<unknown>, action: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("redirectTo");
    fetcher.submit(form, { method: "post", action });
  };
}
