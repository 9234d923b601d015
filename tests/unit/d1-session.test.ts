import { describe, expect, it, vi } from "vitest";
import { bookmarkCookie, readBookmark, sessionDatabase } from "~/platform/d1-session.server";

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
});
