// `npm start`: builds the shop, prepares the local D1 with the demo data and serves it.
import { bin, log, run } from "./lib.mjs";
import { migrate, seed } from "./seed.mjs";

const port = process.env.PORT ?? "8787";
log("Building …");
await run(bin("remix"), ["build"]);
await migrate();
await seed();
log(`Frischkorb runs on http://127.0.0.1:${port}`);
await run(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--log-level", "warn"]);
