// `npm start`: builds the shop, prepares the local D1 with the demo data and serves it.
import { bin, log, run } from "./lib.mjs";
import { migrate, seed } from "./seed.mjs";

const port = process.env.PORT ?? "8787";
log("Building …");
await run(bin("remix"), ["build"]);
await migrate();
await seed();
log(`Frischkorb runs on http://127.0.0.1:${port}`);
// wrangler.toml describes a deployment; locally the shop runs in development with its stand-ins
// (sandbox payment provider, outbox shown in the development mailbox, embedded card provider),
// which it allows only on a local address. A .dev.vars file may add real test keys.
const development = [
  "ENVIRONMENT:development",
  "PAYMENT_PROVIDER:sandbox",
  "MAIL_PROVIDER:outbox",
  "CARD_PROVIDER:embedded",
  "EDGE_CACHE_SECONDS:60",
];
await run(bin("wrangler"), [
  "dev",
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--log-level",
  "warn",
  ...development.flatMap((v) => ["--var", v]),
]);
