import { describe, expect, it } from "vitest";
import { resources } from "~/platform/i18n.server";
import pages from "../../scripts/seed/pages.mjs";

/**
 * The shop says "du" everywhere, the content and legal pages included (they said "Sie" while
 * the shop said "du"). The formal pronouns are therefore not used at all; where "sie" means
 * the cooperative or the drivers, the text is written around it.
 */
const FORMAL = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/g;

function formalIn(text: string): string[] {
  const plain = text.replace(/<[^>]+>/g, " ");
  return [...plain.matchAll(FORMAL)].map((m) =>
    plain.slice(Math.max(0, m.index - 40), m.index + 30).replace(/\s+/g, " "),
  );
}

function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

describe("one voice: du", () => {
  type Page = { slug: string; title: string; summary: string; body: string };
  it.each((pages as Page[]).map((p) => [p.slug, p] as const))(
    "the page %s addresses the reader as du",
    (_slug, page) => {
      expect(formalIn(`${page.title} ${page.summary} ${page.body}`)).toEqual([]);
    },
  );

  it("no locale text addresses the customer as Sie", () => {
    expect(textsOf(resources.de).flatMap(formalIn)).toEqual([]);
  });
});
