/**
 * A plain German 503 page for when the shop cannot render its own (a deployment without its
 * configuration, docs/decisions/0009; a database outage outside Remix, docs/decisions/0036): static
 * text only, no script, no database, so it needs nothing that could fail.
 */
export function unavailablePage(texts: { title: string; text: string }, retryAfterSeconds: number): Response {
  const { title, text } = texts;
  const html =
    `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}
