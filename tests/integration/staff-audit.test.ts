/**
 * The back office's people and its audit log in D1 (migration 0018, app/domain/staff): every
 * staff change leaves exactly one entry in the same batch, a refused change leaves none, the log
 * cannot be changed or deleted by anyone, and no change leaves the back office without an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "~/domain/staff/audit.server";
import { addStaffMember, changeStaffMember, staffByEmail, staffById, staffMembers } from "~/domain/staff/staff.server";
import type { StaffMember } from "~/domain/staff/roles";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let ada: StaffMember;
beforeAll(async () => {
  shop = await startShop();
  ada = (await staffByEmail(shop.db, "Ada.Admin@frischkorb.example"))!;
});
afterAll(async () => {
  await shop?.dispose();
});

const count = async () => (await shop.db.prepare("SELECT count(*) AS n FROM audit_entry").first<{ n: number }>())!.n;

describe("the demo staff", () => {
  it("one of each role, found by e-mail (any case) and id; an inactive one is not found", async () => {
    const roles = (await staffMembers(shop.db)).map((m) => m.role).sort();
    expect(roles).toEqual([
      "admin",
      "cooperative",
      "fulfilment",
      "fulfilment",
      "marketing",
      "range",
      "stores",
      "support",
    ]);
    expect(ada).toMatchObject({ name: "Ada Admin", role: "admin", storeId: null });
    expect(await staffById(shop.db, ada.id)).toEqual(ada);
    expect(await staffByEmail(shop.db, "nobody@frischkorb.example")).toBeNull();
  });
});

describe("a staff change and its audit entry", () => {
  it("adding a member: the member and exactly one entry; the same address again: refused, no entry", async () => {
    const before = await count();
    const draft = {
      email: " Tom.Theke@Frischkorb.example ",
      name: "Tom Theke",
      role: "fulfilment" as const,
      storeId: "leipzig-plagwitz",
    };
    expect(await addStaffMember(shop.db, ada, draft)).toEqual({ ok: true });
    expect(await count()).toBe(before + 1);
    const tom = await staffByEmail(shop.db, "tom.theke@frischkorb.example");
    expect(tom).toMatchObject({ role: "fulfilment", storeId: "leipzig-plagwitz" });
    const { entries } = await auditEntries(shop.db, { action: "staff.add" }, { offset: 0, limit: 5 });
    expect(entries[0]).toMatchObject({ staffName: "Ada Admin", subject: "tom.theke@frischkorb.example", before: null });
    expect(JSON.parse(entries[0].after!)).toMatchObject({ role: "fulfilment", storeId: "leipzig-plagwitz" });

    expect(await addStaffMember(shop.db, ada, { ...draft, name: "Tom Zwei" })).toEqual({
      ok: false,
      reason: "emailTaken",
    });
    expect(await count()).toBe(before + 1);
  });

  it("changing a member from a form that showed an older state: refused whole, no entry", async () => {
    const tom = (await staffByEmail(shop.db, "tom.theke@frischkorb.example"))!;
    const shown = { role: "fulfilment" as const, storeId: "leipzig-plagwitz", active: true };
    const before = await count();
    expect(await changeStaffMember(shop.db, ada, tom.id, shown, { ...shown, role: "support" })).toEqual({ ok: true });
    expect(await count()).toBe(before + 1);
    expect(await staffById(shop.db, tom.id)).toMatchObject({ role: "support", storeId: null });
    // a second admin's form still shows him in fulfilment
    expect(await changeStaffMember(shop.db, ada, tom.id, shown, { ...shown, active: false })).toEqual({
      ok: false,
      reason: "changedMeanwhile",
    });
    expect(await count()).toBe(before + 1);
    expect(await staffById(shop.db, tom.id)).not.toBeNull();
  });

  it("the last active admin cannot be moved to another role or switched off", async () => {
    const shown = { role: "admin" as const, storeId: null, active: true };
    const before = await count();
    expect(await changeStaffMember(shop.db, ada, ada.id, shown, { ...shown, active: false })).toEqual({
      ok: false,
      reason: "noAdminLeft",
    });
    expect(await changeStaffMember(shop.db, ada, ada.id, shown, { ...shown, role: "support" })).toEqual({
      ok: false,
      reason: "noAdminLeft",
    });
    expect(await staffById(shop.db, ada.id)).toMatchObject({ role: "admin" });
    expect(await count()).toBe(before);
  });
});

describe("the audit log is append-only", () => {
  it("refuses to change or delete an entry, whoever asks", async () => {
    const before = await count();
    await expect(shop.db.prepare("UPDATE audit_entry SET action = 'nothing'").run()).rejects.toThrow(/append-only/);
    await expect(shop.db.prepare("DELETE FROM audit_entry").run()).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});
