/**
 * Runs one SQL statement in the e2e shop's D1 (setup that has no page, such as expiring sessions
 * or making a test customer) and returns its result rows. It goes through the e2e server's control
 * endpoint (scripts/e2e-server.mjs), so it uses the shop's own database handle and never competes
 * with the shop for a file lock. Values go as bound parameters (`?`).
 */
export async function executeD1(
  sql: string,
  params: (string | number | null)[] = [],
): Promise<Record<string, unknown>[]> {
  const port = Number(process.env.E2E_PORT ?? "8790") + 1;
  const res = await fetch(`http://127.0.0.1:${port}/sql`, { method: "POST", body: JSON.stringify({ sql, params }) });
  if (!res.ok) throw new Error(`SQL failed (${res.status}): ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>[];
}
