/**
 * Where a page's time goes, said in its `Server-Timing` header (docs/decisions/0053): `db` is the
 * time the request waited for D1, `sql` the database's own time for its statements (what D1 reports
 * in each result's `meta.duration`), `render` the time Remix took beyond waiting for D1 (loaders'
 * own work, React, the hydration data), `total` the worker's whole time for the answer. The
 * benchmark (scripts/bench.mjs) reads them per route, so a slow page says whether the database or
 * the rendering made it slow. Under load `db` is more than `sql`: an answer from D1 waits until the
 * isolate is done with the other requests' work.
 *
 * D1 is timed at the one place every statement passes, the request's session
 * (d1-session.server.ts): call sites stay as they are. Statements that run at the same time (a
 * loader's `Promise.all`) are counted once: `db` is the time during which at least one D1 call
 * was pending, so it never exceeds the request's own time.
 *
 * Clocks: locally (workerd under Miniflare) both clocks move while code runs. On Cloudflare's edge
 * a worker's clock moves only with I/O, so there `db` is still right and `render` shows little.
 */

/** The clock a request's D1 calls are timed by. */
export interface D1Clock {
  /** The promise, its pending time counted as time spent on D1. */
  wait<T>(pending: Promise<T>): Promise<T>;
  /** Counts the database's own time for a statement, as D1 reports it. */
  ran(result: { meta?: { duration?: number } } | undefined): void;
}

export class RequestTiming implements D1Clock {
  private readonly started: number;
  private pending = 0;
  private pendingSince = 0;
  private database = 0;
  private statements = 0;
  private rendering = 0;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.started = now();
  }

  wait<T>(pending: Promise<T>): Promise<T> {
    if (this.pending++ === 0) this.pendingSince = this.now();
    const settle = () => {
      if (--this.pending === 0) this.database += this.now() - this.pendingSince;
    };
    return pending.then(
      (value) => {
        settle();
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
  }

  ran(result: { meta?: { duration?: number } } | undefined): void {
    const duration = result?.meta?.duration;
    if (typeof duration === "number" && Number.isFinite(duration) && duration > 0) this.statements += duration;
  }

  /** D1 time so far, a call still pending counted up to now. */
  databaseTime(): number {
    return this.database + (this.pending > 0 ? this.now() - this.pendingSince : 0);
  }

  /** Runs Remix (or whatever renders the answer): its time, less what it waited for D1, is `render`. */
  async render<T>(work: () => Promise<T>): Promise<T> {
    const start = this.now();
    const databaseBefore = this.databaseTime();
    try {
      return await work();
    } finally {
      const waited = this.databaseTime() - databaseBefore;
      this.rendering += Math.max(0, this.now() - start - waited);
    }
  }

  /** The header's value: milliseconds with one decimal. */
  header(): string {
    const ms = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
    return `db;dur=${ms(this.databaseTime())}, sql;dur=${ms(this.statements)}, render;dur=${ms(this.rendering)}, total;dur=${ms(this.now() - this.started)}`;
  }

  /** The answer with this request's timing; a stored page's own (from when it was rendered) replaced. */
  stamp(response: Response): Response {
    try {
      response.headers.set(SERVER_TIMING, this.header());
      return response;
    } catch {
      // Headers of a response that came from elsewhere as it is can be immutable.
      const copy = new Response(response.body, response);
      copy.headers.set(SERVER_TIMING, this.header());
      return copy;
    }
  }
}

export const SERVER_TIMING = "Server-Timing";

/** The statements prepared through a timed session, each with the binding's own, which a batch takes. */
const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function timedStatement(statement: D1PreparedStatement, clock: D1Clock): D1PreparedStatement {
  const all = async () => {
    const result = await clock.wait(statement.all());
    clock.ran(result);
    return result;
  };
  const timed = {
    bind: (...values: unknown[]) => timedStatement(statement.bind(...values), clock),
    // The binding's `first` is its `all` (the same query) with the first row picked, but hides the
    // result's meta, where D1 reports its time: picked here as the binding does, errors alike.
    first: async (column?: string) => {
      const row = ((await all()).results[0] ?? null) as Record<string, unknown> | null;
      if (row === null || column === undefined) return row;
      if (row[column] === undefined) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
      return row[column];
    },
    all,
    run: async () => {
      const result = await clock.wait(statement.run());
      clock.ran(result);
      return result;
    },
    raw: (options?: { columnNames?: boolean }) => clock.wait(statement.raw(options as never)),
  } as unknown as D1PreparedStatement;
  originals.set(timed, statement);
  return timed;
}

/** What a request's D1 session offers (d1-session.server.ts), its calls timed by the clock. */
export interface StatementRunner {
  prepare(query: string): D1PreparedStatement;
  batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

export function timedRunner(runner: StatementRunner, clock: D1Clock): StatementRunner {
  return {
    prepare: (query) => timedStatement(runner.prepare(query), clock),
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const results = await clock.wait(runner.batch<T>(statements.map((s) => originals.get(s) ?? s)));
      for (const result of results) clock.ran(result);
      return results;
    },
  };
}
