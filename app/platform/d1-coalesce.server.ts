/**
 * One round trip for many small callers (docs/decisions/0052-order-archive-and-pruning.md): a D1
 * binding whose statements are not sent one by one but collected while the current turn of the
 * event loop runs and then sent together as one `db.batch`. Code written for one order at a time
 * (the pages' loaders, the invoice issuing) then reads twenty orders in the round trips it needs
 * for one, without a second, many-order version of its queries.
 *
 * A batch is D1's transaction: all its statements succeed or none does. So a failing statement
 * fails every caller whose statement travelled with it; use it only where a caller may fail and be
 * tried again (the archiving's orders stay whole in D1 then), and only with statements that cannot
 * fail in ordinary operation (reads, or writes that do nothing on a conflict).
 */

type Pending = {
  statement: D1PreparedStatement;
  resolve: (result: D1Result) => void;
  reject: (error: unknown) => void;
};

/** The binding `db` seen through a collector: each turn's statements go to D1 as one batch. */
export function coalescing(db: D1Database): D1Database {
  let pending: Pending[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const sending = pending;
    pending = [];
    db.batch(sending.map((p) => p.statement)).then(
      (results) => {
        sending.forEach((p, i) => {
          p.resolve(results[i]);
        });
      },
      (error: unknown) => {
        for (const p of sending) p.reject(error);
      },
    );
  };

  const send = (statement: D1PreparedStatement) =>
    new Promise<D1Result>((resolve, reject) => {
      pending.push({ statement, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // after every caller that is ready in this turn has added its statements
        setTimeout(flush, 0);
      }
    });

  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      real: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      all: () => send(statement),
      run: () => send(statement),
      first: async (column?: string) => {
        const row = (await send(statement)).results[0] as Record<string, unknown> | undefined;
        if (row === undefined) return null;
        return column === undefined ? row : (row[column] ?? null);
      },
      raw: (options?: { columnNames?: boolean }) => statement.raw(options as { columnNames: true }),
    };
    return wrapped as unknown as D1PreparedStatement;
  };

  const unwrap = (statement: D1PreparedStatement) =>
    (statement as unknown as { real?: D1PreparedStatement }).real ?? statement;

  const coalesced = {
    prepare: (query: string) => wrap(db.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => Promise.all(statements.map((s) => send(unwrap(s)))),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  };
  return coalesced as unknown as D1Database;
}
