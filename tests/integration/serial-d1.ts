/**
 * Miniflare's D1 binding as Node sees it is a proxy into workerd. Its synchronous calls (`prepare`,
 * `bind`) and its asynchronous ones (`first`, `all`, `run`, `raw`, `batch`, `exec`) share one
 * channel, and a call that reaches it while another is still under way puts it out of step (its
 * assertion "false == true"): that call and every later one fail. The shop's code overlaps its
 * calls (`Promise.all`), so the tests that run it from Node get the database through this wrapper:
 * one call at a time, and a statement made from its SQL and values only when its turn comes.
 *
 * With `sql` (the shop's SQL worker, scripts/miniflare-shop.mjs) a statement does not go through
 * the proxy at all: `prepare` and `bind` are synchronous calls that block the test's process for a
 * round trip each, and a test that writes its fixtures in a batch of 2,000 statements waited for
 * them far longer than for the database. A value JSON cannot carry takes the proxy as before.
 */
const MADE = Symbol("the real statement, made in its turn");
type Deferred = D1PreparedStatement & { [MADE]: () => D1PreparedStatement; sql: string; values: unknown[] };

/** The SQL worker's call: one statement's method, a batch, or an exec. */
export type SqlCall =
  | { sql: string; values: unknown[]; method: string; args: unknown[] }
  | { batch: { sql: string; values: unknown[] }[] }
  | { exec: string };

const carried = (v: unknown) =>
  v === null || ["string", "boolean", "undefined"].includes(typeof v) || Number.isFinite(v);
const marked = (values: unknown[]) => values.map((v) => (v === undefined ? { $undefined: true } : v));

export function serialD1(db: D1Database, sql?: (call: SqlCall) => Promise<unknown>): D1Database {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };
  const statement = (statementSql: string, values: unknown[]): Deferred => {
    const made = () => db.prepare(statementSql).bind(...values);
    const call =
      (key: "first" | "all" | "run" | "raw") =>
      (...args: unknown[]) =>
        inTurn(() =>
          sql && values.every(carried) && args.every(carried)
            ? sql({ sql: statementSql, values: marked(values), method: key, args: marked(args) })
            : (made()[key] as (...a: unknown[]) => Promise<unknown>)(...args),
        );
    return {
      bind: (...bound: unknown[]) => statement(statementSql, bound),
      first: call("first"),
      all: call("all"),
      run: call("run"),
      raw: call("raw"),
      [MADE]: made,
      sql: statementSql,
      values,
    } as unknown as Deferred;
  };
  return {
    prepare: (sql: string) => statement(sql, []),
    batch: (statements: D1PreparedStatement[]) =>
      inTurn(() => {
        const deferred = statements as Deferred[];
        return sql && deferred.every((s) => s.values.every(carried))
          ? sql({ batch: deferred.map((s) => ({ sql: s.sql, values: marked(s.values) })) })
          : db.batch(deferred.map((s) => s[MADE]()));
      }),
    exec: (text: string) => inTurn(() => (sql ? sql({ exec: text }) : db.exec(text))),
  } as unknown as D1Database;
}
