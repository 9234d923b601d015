/**
 * The name printed on a card: card embossers print only plain Latin letters, so German umlauts
 * and ß are written out the German way (Müller → Mueller, Weiß → Weiss), letters that are not a
 * plain letter with an accent are spelled the way passports spell them (Ærø → Aeroe, Łukasz →
 * Lukasz, Þóra → Thora), other accents are dropped (José → Jose); anything else that cannot be
 * printed goes.
 */
const SPELLED: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  æ: "ae",
  ø: "oe",
  œ: "oe",
  þ: "th",
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
};
const CAPITALS: Record<string, string> = {
  Ä: "ä",
  Ö: "ö",
  Ü: "ü",
  ẞ: "ß",
  Æ: "æ",
  Ø: "ø",
  Œ: "œ",
  Þ: "þ",
  Ł: "ł",
  Đ: "đ",
  Ð: "ð",
  Ħ: "ħ",
};
const SPELLED_OUT = new RegExp(`[${Object.keys(SPELLED).join("")}${Object.keys(CAPITALS).join("")}]`, "g");
const CAPITAL = /\p{Lu}/u;

/** A capital is written out in capitals next to another capital (MÜLLER → MUELLER), else Ae, Oe, Ue. */
function spellOut(c: string, at: number, name: string): string {
  const lower = CAPITALS[c];
  if (!lower) return SPELLED[c];
  const spelled = SPELLED[lower];
  if (CAPITAL.test(name[at - 1] ?? "") || CAPITAL.test(name[at + 1] ?? "")) return spelled.toUpperCase();
  return spelled[0].toUpperCase() + spelled.slice(1);
}

export function printableName(name: string): string {
  return name
    .replace(SPELLED_OUT, spellOut)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z .'-]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** First and last name as the card shows them. */
export function nameOnCard(firstname: string, lastname: string): string {
  return printableName(`${firstname} ${lastname}`);
}
