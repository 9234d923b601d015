import { describe, expect, it, vi } from "vitest";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { bindingOf, bookmarkCookie, readBookmark, sessionDatabase } from "~/platform/d1-session.server";
import { queueMail } from "~/platform/mailer.server";
import { sql } from "kysely";

// docs/decisions/0028
describe("the D1 bookmark cookie", () => {
  const bookmark = "0000002a-00000003-00004f6e-7c9b1c2e3d4f5a6b7c8d9e0f1a2b3c4d";

  it("reads D1's bookmarks and nothing else", () => {
    expect(readBookmark(`consent=v1%3A; __d1b=${bookmark}; dark_mode=1`)).toBe(bookmark);
    for (const bad of ["", "x", "zz-zz", "0000002a", "0000002a-<b>", "0".repeat(300), "0000002a--00000003"])
      expect(readBookmark(`__d1b=${bad}`), bad).toBeNull();
    expect(readBookmark(null)).toBeNull();
    expect(readBookmark(`x__d1b=${bookmark}`)).toBeNull();
  });

  it("lives a day, for the whole shop, out of the page's reach", () => {
    expect(bookmarkCookie(bookmark, true)).toBe(
      `__d1b=${bookmark}; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(bookmarkCookie(bookmark, false)).not.toContain("Secure");
  });
});

describe("a request's session", () => {
  function binding() {
    const session = { prepare: vi.fn(), batch: vi.fn(), getBookmark: vi.fn(() => "00000001-00000002") };
    return { withSession: vi.fn(() => session), session } as unknown as D1Database & {
      withSession: ReturnType<typeof vi.fn>;
      session: typeof session;
    };
  }

  it("starts from the shopper's bookmark, else at the primary for a write and anywhere for a read", () => {
    const db = binding();
    sessionDatabase(db, "00000001-00000002", false);
    sessionDatabase(db, null, true);
    sessionDatabase(db, null, false);
    expect(db.withSession.mock.calls).toEqual([["00000001-00000002"], ["first-primary"], ["first-unconstrained"]]);
  });

  it("runs every statement in the session and hands out its newest bookmark", () => {
    const db = binding();
    const s = sessionDatabase(db, null, false);
    s.db.prepare("SELECT 1");
    s.db.batch([]);
    expect(db.session.prepare).toHaveBeenCalledWith("SELECT 1");
    expect(db.session.batch).toHaveBeenCalledWith([]);
    expect(s.bookmark()).toBe("00000001-00000002");
  });

  it("notes a mail written to the outbox, plain or conditional, and nothing else (decision 0051)", () => {
    const db = binding();
    const statement = { bind: vi.fn() };
    statement.bind.mockReturnValue(statement);
    db.session.prepare.mockReturnValue(statement);
    const mail = { to: "a@example.org", subject: "S", text: "T" };
    const reads = sessionDatabase(db, null, true);
    reads.db.prepare("SELECT id FROM outbox WHERE recipient = ?");
    reads.db.prepare("UPDATE outbox SET sent_at = ? WHERE id = ?");
    reads.db.prepare("INSERT INTO outbox_archive (id) VALUES (1)");
    expect(reads.wroteMail()).toBe(false);
    const plain = sessionDatabase(db, null, true);
    queueMail(plain.db, mail);
    expect(plain.wroteMail()).toBe(true);
    const conditional = sessionDatabase(db, null, true);
    queueMail(conditional.db, mail, sql<boolean>`1 = 1`);
    expect(conditional.wroteMail()).toBe(true);
  });

  it("leaves isolate-wide caches keyed by the binding, so requests share them", async () => {
    const db = binding();
    const rows = [{ id: "startseite", parent_id: null, name: "Startseite", depth: 0, tile_color: "#6b8f3a" }];
    const statement = { bind: vi.fn(), all: vi.fn(async () => ({ results: rows })) };
    statement.bind.mockReturnValue(statement);
    db.session.prepare.mockReturnValue(statement);
    db.session.batch.mockImplementation(async () => [{ results: rows }]);
    const first = sessionDatabase(db, null, false).db;
    const second = sessionDatabase(db, null, false).db;
    expect(bindingOf(first)).toBe(db);
    expect(bindingOf(db)).toBe(db);
    const [a, b] = [await loadCategoryTree(first), await loadCategoryTree(second)];
    expect(b).toBe(a);
    expect(db.session.prepare.mock.calls.length + db.session.batch.mock.calls.length).toBe(1);
  });
});
