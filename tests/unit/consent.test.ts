import { describe, expect, it } from "vitest";
import { consentFormSchema, consentOf } from "~/domain/consent/schema";
import { parseForm } from "~/platform/form.server";
import {
  CONSENT_MAX_AGE,
  consentCookie,
  consentVariant,
  cookiesToForget,
  expiredCookies,
  readConsent,
} from "~/platform/consent";
import { tagManagerFor, tagManagerProblems } from "~/platform/tag-manager.server";
import type { Env } from "~/platform/context";

// docs/decisions/0027
describe("the consent cookie", () => {
  it("is read back as written, and everything else is no choice", () => {
    for (const consent of [
      { statistics: false, marketing: false },
      { statistics: true, marketing: false },
      { statistics: false, marketing: true },
      { statistics: true, marketing: true },
    ]) {
      const cookie = consentCookie(consent, true).split(";")[0];
      expect(readConsent(`dark_mode=1; ${cookie}; x=y`)).toEqual(consent);
    }
    for (const bad of [
      "",
      "v2:statistics",
      "v0:",
      "v1:ads",
      "v1:statistics,ads",
      "v1",
      "1:statistics",
      "v1:STATISTICS",
      "%E0%A4%A",
    ])
      expect(readConsent(`consent=${bad}`), bad).toBeNull();
    expect(readConsent(null)).toBeNull();
    expect(readConsent("myconsent=v1%3Astatistics")).toBeNull();
  });

  it("lives about a year, on the whole site, Secure in a deployment", () => {
    expect(CONSENT_MAX_AGE).toBe(32_000_000);
    expect(consentCookie({ statistics: true, marketing: false }, true)).toBe(
      "consent=v1%3Astatistics; Max-Age=32000000; Path=/; SameSite=Lax; Secure",
    );
  });

  it("picks one of five page variants: the banner or what the page may carry", () => {
    expect(consentVariant(null)).toBe("ask");
    expect(consentVariant({ statistics: false, marketing: false })).toBe("--");
    expect(consentVariant({ statistics: true, marketing: true })).toBe("sm");
  });
});

describe("withdrawing", () => {
  it("forgets the cookies the choice no longer allows, never the shop's own", () => {
    const jar = "__session=a; csrf=b; consent=v1%3A; dark_mode=1; _ga=GA1; _ga_ABC=1; _gid=2; _fbp=3; _gcl_au=4";
    expect(cookiesToForget(jar, { statistics: false, marketing: false })).toEqual([
      "_ga",
      "_ga_ABC",
      "_gid",
      "_fbp",
      "_gcl_au",
    ]);
    expect(cookiesToForget(jar, { statistics: true, marketing: false })).toEqual(["_fbp", "_gcl_au"]);
    expect(cookiesToForget(jar, { statistics: true, marketing: true })).toEqual([]);
  });

  it("expires a cookie for the host and its parent domain", () => {
    expect(expiredCookies("_ga", "www.frischkorb.example")).toEqual([
      "_ga=; Max-Age=0; Path=/",
      "_ga=; Max-Age=0; Path=/; Domain=www.frischkorb.example",
      "_ga=; Max-Age=0; Path=/; Domain=frischkorb.example",
    ]);
    expect(expiredCookies("_ga", "127.0.0.1")).toEqual(["_ga=; Max-Age=0; Path=/"]);
  });
});

describe("the consent form", () => {
  const form = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of fields) data.append(k, v);
    return parseForm(data, consentFormSchema);
  };

  it("reads the three answers", () => {
    const all = form([
      ["choice", "acceptAll"],
      ["consentVersion", "1"],
    ]);
    expect(all.status === "success" && consentOf(all.value)).toEqual({ statistics: true, marketing: true });
    const none = form([
      ["choice", "rejectAll"],
      ["consentVersion", "1"],
      ["category", "statistics"],
    ]);
    expect(none.status === "success" && consentOf(none.value)).toEqual({ statistics: false, marketing: false });
    const some = form([
      ["choice", "save"],
      ["consentVersion", "1"],
      ["category", "statistics"],
    ]);
    expect(some.status === "success" && consentOf(some.value)).toEqual({ statistics: true, marketing: false });
    const both = form([
      ["choice", "save"],
      ["consentVersion", "1"],
      ["category", "statistics"],
      ["category", "marketing"],
    ]);
    expect(both.status === "success" && consentOf(both.value)).toEqual({ statistics: true, marketing: true });
  });

  it("refuses unknown categories, answers and versions with a message", () => {
    const errors = (fields: [string, string][]) => {
      const s = form(fields);
      return s.status === "error" ? Object.values(s.error ?? {}).flat() : [];
    };
    expect(
      errors([
        ["choice", "save"],
        ["consentVersion", "1"],
        ["category", "ads"],
      ]),
    ).toEqual(["consent.errors.category"]);
    expect(
      errors([
        ["choice", "everything"],
        ["consentVersion", "1"],
      ]),
    ).toEqual(["consent.errors.choice"]);
    expect(errors([["consentVersion", "1"]])).toEqual(["consent.errors.choice"]);
    expect(
      errors([
        ["choice", "acceptAll"],
        ["consentVersion", "0"],
      ]),
    ).toEqual(["consent.errors.version"]);
    expect(
      errors([
        ["choice", "acceptAll"],
        ["consentVersion", "v1"],
      ]),
    ).toEqual(["consent.errors.version"]);
    expect(errors([["choice", "acceptAll"]])).toEqual(["consent.errors.version"]);
  });
});

describe("the tag manager", () => {
  const env = (vars: Partial<Env>): Env => ({
    DB: {} as D1Database,
    PHOTOS: {} as R2Bucket,
    ARCHIVE: {} as R2Bucket,
    ENVIRONMENT: "production",
    ...vars,
  });
  const production = env({ TAG_MANAGER_CONTAINER_ID: "GTM-ABC1234", TAG_MANAGER_HOST: "www.frischkorb.example" });
  const url = new URL("https://www.frischkorb.example/catalog/category/milch");
  const yes = { statistics: true, marketing: false };

  it("runs only on the production host, only with statistics consent", () => {
    expect(tagManagerFor(production, url, yes)).toEqual({
      containerId: "GTM-ABC1234",
      scriptUrl: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234",
      origins: ["https://www.googletagmanager.com"],
    });
    expect(tagManagerFor(production, url, { statistics: false, marketing: true })).toBeNull();
    expect(tagManagerFor(production, url, null)).toBeNull();
    expect(tagManagerFor(production, new URL("https://frischkorb-shop.workers.dev/"), yes)).toBeNull();
    expect(tagManagerFor(env({}), url, yes)).toBeNull();
  });

  it("adds the origins its tags send to, and never uses the stand-in in a deployment", () => {
    const tags = tagManagerFor(
      { ...production, TAG_MANAGER_ORIGINS: "https://region1.google-analytics.com" },
      url,
      yes,
    );
    expect(tags?.origins).toEqual(["https://www.googletagmanager.com", "https://region1.google-analytics.com"]);
    const standIn = { ...production, TAG_MANAGER_SCRIPT_URL: "/dev/tag-manager/gtm.js" };
    expect(tagManagerFor(standIn, url, yes)).toBeNull();
    expect(tagManagerFor({ ...standIn, standIns: true }, url, yes)?.scriptUrl).toBe(
      "/dev/tag-manager/gtm.js?id=GTM-ABC1234",
    );
  });

  it("refuses settings a deployment cannot use", () => {
    expect(tagManagerProblems(env({}))).toEqual([]);
    expect(tagManagerProblems(production)).toEqual([]);
    expect(tagManagerProblems(env({ TAG_MANAGER_CONTAINER_ID: "UA-1" }))).toHaveLength(2);
    expect(
      tagManagerProblems({
        ...production,
        TAG_MANAGER_SCRIPT_URL: "http://gtm.example/gtm.js",
        TAG_MANAGER_ORIGINS: "javascript:x",
      }),
    ).toHaveLength(2);
  });
});
