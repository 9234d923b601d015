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
// (sandbox payment provider, outbox shown in the development mailbox, the embedded card provider),
// which it allows only on a local address. A .dev.vars file may add real test keys.
const development = [
  "ENVIRONMENT:development",
  "PAYMENT_PROVIDER:sandbox",
  "MAIL_PROVIDER:outbox",
  "CARD_PROVIDER:embedded",
  "SIGNING_PROVIDER:sandbox",
  "EDGE_CACHE_SECONDS:60",
  // The recording stand-in of the tag manager: after consent to statistics, /dev/tag-manager
  // shows what a real container would have received; nothing leaves the machine.
  "TAG_MANAGER_CONTAINER_ID:GTM-FRISCHKORB",
  "TAG_MANAGER_HOST:127.0.0.1",
  "TAG_MANAGER_SCRIPT_URL:/dev/tag-manager/gtm.js",
];
// `wrangler dev` runs no Cron Triggers by itself; with --test-scheduled it offers /__scheduled, which
// this process calls every minute, so card applications move on locally as they do when deployed.
const everyMinute = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/__scheduled?cron=*+*+*+*+*`).catch(() => {});
}, 60_000);
everyMinute.unref();
await run(bin("wrangler"), [
  "dev",
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--log-level",
  "warn",
  "--test-scheduled",
  ...development.flatMap((v) => ["--var", v]),
]);
