/**
 * The groups of the API's operations, each with the description the OpenAPI document lists for it
 * (docs/decisions/0034, "Description lints clean"). An operation's `tag` must be one of these, so
 * every tag the document uses is listed there with its description.
 */
export const API_TAGS = {
  API: "Die Beschreibung der API selbst.",
  Kunde:
    "Anmelden mit Zugangsschlüssel und Abmelden, Registrieren und Aktivieren, die eigenen Kundendaten und das Passwort.",
  Katalog:
    "Das Sortiment, ohne Anmeldung und nur lesend: Suche und Vorschläge, Kategorien, Produkte nach Artikelnummer und was der Shop unter einem Pfad zeigt.",
  Warenkorb: "Der eine Warenkorb der Kundin: Zeilen, Geschenke, Gutschein und die angebotenen Zahlungsarten.",
  Kasse: "Versandarten, Lieferadressen, Wunschtermine und Abholzeiten, und die zahlungspflichtige Bestellung.",
  Bestellungen: "Die eigenen Bestellungen und Einkäufe im Markt, das Guthaben und sein Verlauf.",
  Anteile: "Die Genossenschaftsanteile: Bestand, Kauf, Verkauf und die Unterschrift der Beitrittserklärung.",
  Karten: "Die Kundenkarten: PIN, Sperre, Name und Kartenanträge.",
  Märkte:
    "Die Märkte mit Adresse, Lage, Öffnungszeiten und Services, ohne Anmeldung; dieselben Standorte wie der GraphQL-Standortdienst unter /graphql.",
} as const;

export type ApiTag = keyof typeof API_TAGS;
