/**
 * Miniflare's D1 binding as Node sees it is a proxy into workerd. Its synchronous calls (`prepare`,
 * `bind`) and its asynchronous ones (`first`, `all`, `run`, `raw`, `batch`, `exec`) share one
 * channel, and a call that reaches it while another is still under way puts it out of step (its
 * assertion "false == true"): that call and every later one fail. The shop's code overlaps its
 * calls (`Promise.all`), so the tests that run it from Node get the database through this wrapper:
 * one call at a time, and a statement made from its SQL and values only when its turn comes.
 */
const MADE = Symbol("the real statement, made in its turn");
type Deferred = D1PreparedStatement & { [MADE]: () => D1PreparedStatement };

export function serialD1(db: D1Database): D1Database {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };
  const statement = (sql: string, values: unknown[]): Deferred => {
    const made = () => db.prepare(sql).bind(...values);
    const call =
      (key: "first" | "all" | "run" | "raw") =>
      (...args: unknown[]) =>
        inTurn(() => (made()[key] as (...a: unknown[]) => Promise<unknown>)(...args));
    return {
      bind: (...bound: unknown[]) => statement(sql, bound),
      first: call("first"),
      all: call("all"),
      run: call("run"),
      raw: call("raw"),
      [MADE]: made,
    } as unknown as Deferred;
  };
  return {
    prepare: (sql: string) => statement(sql, []),
    batch: (statements: D1PreparedStatement[]) =>
      inTurn(() => db.batch(statements.map((s) => (s as Deferred)[MADE]()))),
    exec: (sql: string) => inTurn(() => db.exec(sql)),
  } as unknown as D1Database;
}
