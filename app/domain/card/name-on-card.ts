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

/** The most letters a card's name line holds (the name field of ISO/IEC 7813). */
export const NAME_ON_CARD_MAX_LENGTH = 26;

/**
 * First and last name as the card shows them. A name too long for the line keeps the last name
 * and shortens the first names to initials (Anna-Katharina Maria → A. K. M.), then drops them,
 * then cuts the last name. Empty when nothing of the name can be printed.
 */
export function nameOnCard(firstname: string, lastname: string): string {
  const first = printableName(firstname);
  const last = printableName(lastname);
  const full = `${first} ${last}`.trim();
  if (full.length <= NAME_ON_CARD_MAX_LENGTH) return full;
  const initials = first
    .split(/[\s-]+/)
    .filter((part) => /[A-Za-z]/.test(part))
    .map((part) => `${part.replace(/[^A-Za-z]/g, "")[0]}.`)
    .join(" ");
  const shortened = `${initials} ${last}`.trim();
  if (shortened.length <= NAME_ON_CARD_MAX_LENGTH) return shortened;
  return last.slice(0, NAME_ON_CARD_MAX_LENGTH).trim();
}
