import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { i18nConfig, NAMESPACES } from "~/i18n/config";
import { fetchTexts, type TFunction } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { translate, type Texts } from "~/i18n/translate";
import { resources } from "~/platform/i18n.server";

const store: Record<string, Texts> = resources.de;

/** Every key that holds a text, with plural suffixes folded into the base key. */
function keysOf(texts: unknown, prefix = ""): string[] {
  if (typeof texts === "string" || Array.isArray(texts)) return [prefix];
  return Object.entries(texts as Record<string, unknown>).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key).map((k) => k.replace(/_(one|other)$/, "")),
  );
}

const values = {
  name: "Hafermilch",
  amount: "2,99 €",
  number: "100000001",
  query: "milch",
  address: "Hauptstr. 1",
  date: "21.11.2026",
  unit: "kg",
  store: "Leipzig",
  email: "anna@example.org",
  missing: "Telefon",
  method: "Karte",
  to: "12:00",
  time: "10:00",
  rate: "7",
  from: "10:00",
  code: "FRISCH5",
  age: "18",
  year: "2026",
  value: "5",
  qty: "3",
  price: "1,99 €",
  percent: "10",
  page: "2",
  link: "/x",
  label: "Bio",
  day: "Montag",
};

const i18next = createInstance();
await i18next.init({
  ...i18nConfig,
  supportedLngs: [...i18nConfig.supportedLngs],
  lng: "de",
  ns: [...NAMESPACES],
  resources,
});

describe("the page components' texts equal i18next's", () => {
  for (const ns of NAMESPACES) {
    it(`namespace ${ns}: every key, with values and with the counts 0, 1, 7 and 1234`, () => {
      const keys = [...new Set(keysOf(store[ns]))];
      expect(keys.length).toBeGreaterThan(5);
      for (const key of keys) {
        const expected = i18next.getFixedT("de", ns);
        if (Array.isArray(expected(key, { returnObjects: true }))) {
          expect(translate(store, [ns], key, { returnObjects: true }), `${ns}:${key}`).toEqual(
            expected(key, { returnObjects: true }),
          );
          continue;
        }
        for (const options of [
          undefined,
          values,
          { ...values, count: 0 },
          { ...values, count: 1 },
          { ...values, count: 7 },
          { count: 1234 },
        ]) {
          expect(
            translate(store, [ns], key, options),
            `${ns}:${key} ${JSON.stringify(options && "count" in options ? options.count : null)}`,
          ).toBe(expected(key, options));
        }
      }
    });
  }

  it("a key with its namespace, and a missing key, as i18next shows them", () => {
    expect(translate(store, ["catalog"], "common:global.error")).toBe(
      i18next.getFixedT("de", "catalog")("common:global.error"),
    );
    expect(translate(store, ["catalog"], "no.such.key")).toBe(i18next.getFixedT("de", "catalog")("no.such.key"));
  });
});

describe("Trans", () => {
  const t = ((key: string) =>
    translate(
      { x: { legal: "Es gelten die <1>AGB</1> und die <3>Widerrufsbelehrung</3>." } },
      ["x"],
      key,
    )) as TFunction;

  it("puts the numbered parts into the given elements, and the rest as text", () => {
    const html = renderToStaticMarkup(
      createElement(Trans, {
        t,
        i18nKey: "legal",
        components: { 1: createElement("a", { href: "/agb" }), 3: createElement("strong") },
      }),
    );
    expect(html).toBe('Es gelten die <a href="/agb">AGB</a> und die <strong>Widerrufsbelehrung</strong>.');
  });

  it("keeps a part's words when its element is missing", () => {
    expect(renderToStaticMarkup(createElement(Trans, { t, i18nKey: "legal", components: {} }))).toBe(
      "Es gelten die AGB und die Widerrufsbelehrung.",
    );
  });
});

describe("the texts for later pages", () => {
  it("are asked for one namespace per idle moment of the browser, and arrive together", async () => {
    const idle: (() => void)[] = [];
    const asked: string[] = [];
    vi.stubGlobal("window", { requestIdleCallback: (task: () => void) => idle.push(task) });
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      const ns = /de\/(\w+)\.json/.exec(url)?.[1];
      return new Response(JSON.stringify({ title: `${ns} title` }));
    });
    try {
      const loaded = fetchTexts(["cart", "orders", "cards"], "v7", true);
      expect(asked).toEqual([]);
      expect(idle).toHaveLength(3);
      // Each idle moment starts one request: a dozen requests are a dozen short tasks, not one long one.
      idle[0]();
      await Promise.resolve();
      expect(asked).toEqual(["/locales/de/cart.json?v=v7"]);
      idle[1]();
      idle[2]();
      await Promise.resolve();
      expect(asked).toHaveLength(3);
      expect(await loaded).toEqual({
        cart: { title: "cart title" },
        orders: { title: "orders title" },
        cards: { title: "cards title" },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
