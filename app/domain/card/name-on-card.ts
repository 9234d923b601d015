/**
 * The name printed on a card: card embossers print only plain Latin letters, so German umlauts
 * and ß are written out the German way (Müller → Mueller, Weiß → Weiss) and other accents are
 * dropped (José → Jose); anything else that cannot be printed goes.
 */
const GERMAN: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss", ẞ: "SS" };

export function printableName(name: string): string {
  return name
    .replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c])
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
