/**
 * Anna's demo balance agrees with itself and with her orders, read from the SQL the seed writes:
 * the cached balance is the sum of the ledger (docs/architecture.md "Data"), every credit an order
 * used is one entry, and a cancelled order's credit came back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../scripts/seed/build.mjs";

type Row = Record<string, string | number | null>;

/** The values of an `INSERT INTO table (cols) VALUES (…)` as the seed writes them (numbers, NULL, '…'). */
function parseValues(text: string): (string | number | null)[] {
  const values: (string | number | null)[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "'") {
      let value = "";
      i++;
      while (i < text.length) {
        if (text[i] === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (text[i] === "'") {
          i++;
          break;
        } else value += text[i++];
      }
      values.push(value);
    } else {
      const end = text.indexOf(",", i);
      const token = text.slice(i, end === -1 ? text.length : end).trim();
      values.push(token === "NULL" ? null : Number(token));
      i = end === -1 ? text.length : end;
    }
    while (i < text.length && (text[i] === "," || text[i] === " ")) i++;
  }
  return values;
}

function rowsOf(statements: string[], table: string): Row[] {
  const head = `INSERT INTO ${table} (`;
  return statements
    .filter((s) => s.startsWith(head))
    .map((s) => {
      const columns = s.slice(head.length, s.indexOf(")")).split(", ");
      const valuesStart = s.indexOf(") VALUES (") + ") VALUES (".length;
      const valuesEnd = s.lastIndexOf(") ON CONFLICT");
      const values = parseValues(s.slice(valuesStart, valuesEnd));
      expect(values, s).toHaveLength(columns.length);
      return Object.fromEntries(columns.map((c, i) => [c, values[i]]));
    });
}

const ANNA = 100001;
let orders: Row[];
let entries: Row[];
let balance: Row[];

beforeAll(async () => {
  const { statements } = await seedStatements();
  orders = rowsOf(statements, "customer_order").filter((o) => o.customer_id === ANNA);
  entries = rowsOf(statements, "balance_entry").filter((e) => e.customer_id === ANNA);
  balance = rowsOf(statements, "customer_balance").filter((b) => b.customer_id === ANNA);
}, 60_000);

const num = (v: string | number | null) => v as number;
const orderOf = (entry: Row) => orders.find((o) => o.id === entry.order_id);

describe("Anna's demo balance", () => {
  it("the cached balance is the sum of her entries, and the running balance never went below zero", () => {
    expect(balance).toHaveLength(1);
    const sum = entries.reduce((s, e) => s + num(e.amount_cents), 0);
    expect(num(balance[0].balance_cents)).toBe(sum);
    let running = 0;
    for (const e of [...entries].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))) {
      running += num(e.amount_cents);
      expect(running, `after ${e.id}`).toBeGreaterThanOrEqual(0);
    }
  });

  it("shows every entry type 1 to 10, and more than one page of entries", () => {
    expect([...new Set(entries.map((e) => e.type))].sort((a, b) => num(a) - num(b))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(entries.length).toBeGreaterThan(10);
    expect(new Set(entries.map((e) => e.created_at)).size).toBe(entries.length);
  });

  it("every order's grand total is subtotal − discount + deposit + shipping − credit", () => {
    expect(orders.some((o) => num(o.credit_cents) > 0)).toBe(true);
    for (const o of orders) {
      expect(num(o.grand_total_cents), String(o.id)).toBe(
        num(o.subtotal_cents) -
          num(o.discount_cents) +
          num(o.deposit_cents) +
          num(o.shipping_cents) -
          num(o.credit_cents),
      );
      expect(num(o.grand_total_cents)).toBeGreaterThanOrEqual(0);
    }
  });

  it("balance used online (2) and in a store (10) is exactly the credit of an own order of that channel, written with it", () => {
    const uses = entries.filter((e) => e.type === 2 || e.type === 10);
    expect(uses.length).toBeGreaterThanOrEqual(2);
    for (const e of uses) {
      const o = orderOf(e);
      expect(o, String(e.id)).toBeDefined();
      expect(o!.channel).toBe(e.type === 2 ? "online" : "store");
      expect(num(e.amount_cents)).toBe(-num(o!.credit_cents));
      // written with the order (the seed takes the time of each row a moment apart)
      expect(Math.abs(Date.parse(String(e.created_at)) - Date.parse(String(o!.created_at)))).toBeLessThan(60_000);
    }
    // and every credit an order used is in the ledger once
    for (const o of orders.filter((x) => num(x.credit_cents) > 0)) {
      expect(
        uses.filter((e) => e.order_id === o.id),
        String(o.id),
      ).toHaveLength(1);
    }
  });

  it("a chargeback (5) gives back what a cancelled order had used, after it was used", () => {
    const backs = entries.filter((e) => e.type === 5);
    expect(backs.length).toBeGreaterThanOrEqual(1);
    for (const e of backs) {
      const o = orderOf(e)!;
      expect(o.status).toBe("canceled");
      expect(num(e.amount_cents)).toBe(num(o.credit_cents));
      const use = entries.find((x) => x.type === 2 && x.order_id === o.id)!;
      expect(num(use.amount_cents)).toBe(-num(e.amount_cents));
      expect(String(e.created_at) > String(use.created_at)).toBe(true);
    }
  });

  it("any other entry naming an order names one of hers", () => {
    for (const e of entries.filter((x) => x.order_id !== null)) expect(orderOf(e), String(e.id)).toBeDefined();
  });
});
