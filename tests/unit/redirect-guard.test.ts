import { describe, expect, it } from "vitest";
import { afterLoginPath } from "~/platform/redirect";
import { safeRedirectPath } from "~/platform/redirect";

// The usual open-redirect bypasses: each must fall back to the shop's own page.
const BYPASSES = [
  "//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0D%0A/evil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "%5C%5Cevil.example",
  "/%2F/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>",
  "http:evil.example",
  "http://evil.example",
  "https://evil.example",
  "https:/evil.example",
  "//evil.example/%2F..",
  "///evil.example",
  "////evil.example",
  "/../evil.example",
  "/./../evil.example",
  "evil.example",
  "",
  "/\u007f/evil.example",
  "/%",
  "/%E0%A4%A",
  "/login?redirectTo=x\r\nSet-Cookie: a=b",
  "/\u2028",
];

describe("the redirect guard", () => {
  it.each(BYPASSES)("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
    expect(safeRedirectPath(target, "/cart")).toBe("/cart");
  });

  it("keeps the shop's own paths with their query", () => {
    for (const path of [
      "/",
      "/cart",
      "/catalog/product/120001?tab=2",
      "/search/find?q=milch%20bio&page=2",
      "/account/address#new",
    ]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/cart")).toBe("/cart");
  });

  it("guards the way back after sign-in", () => {
    expect(afterLoginPath("/\t/evil.example")).toBe("/");
    expect(afterLoginPath("/account")).toBe("/account");
  });
});
