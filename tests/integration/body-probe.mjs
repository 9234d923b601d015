// Served in place of the built shop by tests/integration/refused-bodies.test.ts: a POST of JSON to
// /__body-probe makes a request of its own to the shop whose body is a stream watched from here, and
// answers how the shop left that body (read to its end, cancelled, or neither) with the shop's status.
// Every other request goes to the shop unchanged.
import shop from "./index.js";

const CHUNK = 16 * 1024;

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== "/__body-probe") return shop.fetch(request, env, ctx);
    const { method, path, headers, size } = await request.json();
    const seen = { pulled: 0, ended: false, cancelled: false };
    const body = new ReadableStream(
      {
        pull(controller) {
          if (seen.pulled >= size) {
            seen.ended = true;
            controller.close();
            return;
          }
          const length = Math.min(CHUNK, size - seen.pulled);
          seen.pulled += length;
          controller.enqueue(new Uint8Array(length).fill(0x61));
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      // nothing is pulled before the shop reads
      { highWaterMark: 0 },
    );
    const answer = await shop.fetch(new Request(new URL(path, url), { method, headers, body }), env, ctx);
    await answer.arrayBuffer();
    return Response.json({ status: answer.status, ...seen });
  },
};
