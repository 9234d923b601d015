export {};
/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

declare global {
  // The Remix compiler replaces process.env.NODE_ENV at build time.
  const process: { env: { NODE_ENV: "development" | "production" | "test" } };
}
