// Editorial pages: legal texts (kind "legal", served under /pages/legal/<slug>) and content pages
// (kind "content", served under /content/<slug>). Bodies are HTML rendered as is; they use only
// h2, h3, p, ul, ol, li, strong, em, a, address, br, table, thead, tbody, tr, th, td.
// The business numbers (prices, thresholds, membership rates) are the shop's constants: keep them in
// step with the checkout and the membership code when those change.

const CONTACT_ADDRESS = `<address>Frischkorb eG<br>Am Kornmarkt 7<br>04109 Leipzig<br>Telefon: 0341 98765-0<br>E-Mail: <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a></address>`;

// ---------------------------------------------------------------------------------------------------
// Legal pages
// ---------------------------------------------------------------------------------------------------

const impressum = `
<h2>Angaben gemäß § 5 DDG</h2>
<address>Frischkorb eG<br>Am Kornmarkt 7<br>04109 Leipzig</address>
<p>Die Frischkorb eG ist eine eingetragene Genossenschaft mit Sitz in Leipzig.</p>

<h2>Vertreten durch den Vorstand</h2>
<p>Johanna Brandt (Vorsitzende)<br>Mehmet Aydın</p>

<h2>Vorsitzender des Aufsichtsrats</h2>
<p>Dr. Klaus Reimers</p>

<h2>Kontakt</h2>
<p>Telefon: 0341 98765-0 (Montag bis Freitag, 8–18 Uhr)<br>E-Mail: <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a></p>

<h2>Registereintrag</h2>
<p>Genossenschaftsregister beim Amtsgericht Leipzig, Registernummer GnR 1287</p>

<h2>Umsatzsteuer-Identifikationsnummer</h2>
<p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE 298 765 431</p>

<h2>Prüfungsverband</h2>
<p>Die Frischkorb eG ist Mitglied des Mitteldeutschen Genossenschaftsverbands, der als gesetzlicher Prüfungsverband die Prüfung nach § 53 Genossenschaftsgesetz durchführt.</p>

<h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
<p>Johanna Brandt, Anschrift wie oben</p>

<h2>Datenschutz</h2>
<p>Unsere Datenschutzbeauftragte erreichst du unter <a href="mailto:datenschutz@frischkorb.example">datenschutz@frischkorb.example</a>. Wie wir mit deinen Daten umgehen, erklärt unsere <a href="/pages/legal/datenschutz">Datenschutzerklärung</a>.</p>

<h2>Verbraucherstreitbeilegung</h2>
<p>Die Plattform der Europäischen Kommission zur Online-Streitbeilegung (OS-Plattform) wurde zum 20. Juli 2025 eingestellt; ein Verweis darauf entfällt deshalb.</p>
<p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Wenn etwas schiefgelaufen ist, schreib uns bitte direkt – wir finden in aller Regel gemeinsam eine Lösung.</p>
`;

const datenschutz = `
<p>Der Schutz deiner persönlichen Daten ist uns als Genossenschaft, die ihren Mitgliedern und Kunden verpflichtet ist, ein besonderes Anliegen. Mit dieser Datenschutzerklärung informieren wir dich nach Art. 13 und 14 der Datenschutz-Grundverordnung (DSGVO) darüber, welche personenbezogenen Daten wir in unserem Online-Shop, im Kundenkonto und im Teilhaber-Programm verarbeiten, zu welchen Zwecken und auf welcher Rechtsgrundlage, wie lange wir sie speichern und welche Rechte du hast.</p>

<h2>1. Verantwortlicher</h2>
${CONTACT_ADDRESS}
<p>Die Frischkorb eG wird vertreten durch den Vorstand Johanna Brandt (Vorsitzende) und Mehmet Aydın.</p>

<h2>2. Datenschutzbeauftragte</h2>
<p>Du erreichst unsere Datenschutzbeauftragte unter <a href="mailto:datenschutz@frischkorb.example">datenschutz@frischkorb.example</a> oder per Post unter unserer oben genannten Anschrift mit dem Zusatz „Datenschutzbeauftragte“. Deine Anfrage wird vertraulich behandelt.</p>

<h2>3. Bereitstellung des Online-Shops und Server-Logdaten</h2>
<p>Wenn du unseren Online-Shop aufrufst, verarbeiten wir technisch notwendige Verbindungsdaten: IP-Adresse, Datum und Uhrzeit des Abrufs, die aufgerufene Adresse, den übertragenen Datenumfang, den Statuscode sowie Angaben zu Browser und Betriebssystem. Wir benötigen diese Daten, um die Seiten auszuliefern, die Stabilität und Sicherheit unserer Systeme zu gewährleisten und Angriffe abzuwehren.</p>
<p>Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im sicheren und störungsfreien Betrieb des Shops. Die Logdaten werden nach spätestens 14 Tagen gelöscht, sofern sie nicht zur Aufklärung eines konkreten Sicherheitsvorfalls länger benötigt werden.</p>
<p>Unser Online-Shop, seine Datenbank und die Auslieferung der Inhalte laufen auf der Infrastruktur der Cloudflare, Inc., 101 Townsend St., San Francisco, CA 94107, USA. Cloudflare verarbeitet die Daten als unser Auftragsverarbeiter nach Art. 28 DSGVO und schützt den Shop zugleich vor Überlastungs- und Angriffsversuchen. Zur Übermittlung in die USA lies bitte Abschnitt 13.</p>

<h2>4. Kundenkonto und Registrierung</h2>
<p>Für Bestellungen legst du ein Kundenkonto an. Dabei verarbeiten wir Anrede (freiwillig), Vor- und Nachname, E-Mail-Adresse, Passwort (ausschließlich als kryptografischer Hashwert), Geburtsdatum sowie deine Liefer- und Rechnungsadressen. Das Konto wird erst aktiviert, wenn du den Link in unserer Bestätigungs-E-Mail aufrufst; so stellen wir sicher, dass die E-Mail-Adresse dir gehört.</p>
<p>Das Geburtsdatum benötigen wir, weil wir Kundenkonten nur für volljährige Personen eröffnen und alkoholische Getränke nur an Erwachsene abgeben.</p>
<p>Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Vertrag über die Nutzung des Kundenkontos), für die Altersprüfung zusätzlich Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt darin, den Jugendschutz einzuhalten. Du kannst dein Kundenkonto jederzeit löschen lassen; Daten, die wir aus gesetzlichen Gründen aufbewahren müssen, werden dann gesperrt und nach Ablauf der Fristen gelöscht (siehe Abschnitt 14).</p>

<h2>5. Bestellungen</h2>
<p>Wenn du bestellst, verarbeiten wir die Bestelldaten (Artikel, Mengen, Preise, Pfand, gewählte Gratis-Zugaben, Versandart, Liefer- oder Abholtermin), deine Kontaktdaten und die Liefer- und Rechnungsadresse, um den Kaufvertrag abzuschließen und abzuwickeln, Rechnungen zu erstellen und dich über den Stand deiner Bestellung zu informieren. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Die steuer- und handelsrechtliche Aufbewahrung der Bestell- und Rechnungsdaten erfolgt nach Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit § 257 HGB und § 147 AO.</p>

<h2>6. Zahlung</h2>
<p>Je nach gewählter Zahlungsart geben wir die zur Zahlung erforderlichen Daten an folgende Stellen weiter (Art. 6 Abs. 1 lit. b DSGVO):</p>
<ul>
<li><strong>PayPal:</strong> PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Luxemburg, erhält Bestellbetrag, Bestellnummer und – soweit für den Käuferschutz erforderlich – die Lieferadresse. PayPal ist für die Zahlungsabwicklung selbst verantwortlich und kann nach eigenen Bedingungen eine Identitäts- oder Bonitätsprüfung vornehmen.</li>
<li><strong>Kredit- oder Debitkarte:</strong> Die Kartendaten gibst du direkt im Eingabefeld unseres Zahlungsdienstleisters ein, der nach dem Sicherheitsstandard PCI DSS zertifiziert ist. Wir selbst erhalten keine vollständigen Kartennummern, sondern nur eine Zahlungsreferenz, den Kartentyp und die letzten vier Ziffern. Zur starken Kundenauthentifizierung (z. B. 3-D Secure) leitet deine Bank dich gegebenenfalls auf ihre eigene Seite weiter.</li>
<li><strong>SEPA-Lastschrift:</strong> Wir verarbeiten Kontoinhaber, IBAN und Mandatsdaten und übermitteln sie zum Einzug an unsere Hausbank. Die Lastschrift bieten wir nur Teilhabern und Kunden an, die bereits eine Bestellung bezahlt haben; eine Bonitätsprüfung bei einer Auskunftei führen wir nicht durch.</li>
<li><strong>Kundenguthaben:</strong> Dein Guthaben, die Buchungen darauf und die Teilhaber-Rückvergütung verwalten wir selbst in deinem Kundenkonto.</li>
</ul>

<h2>7. Lieferung und Abholung</h2>
<ul>
<li><strong>Standard- und Expresslieferung:</strong> Wir übermitteln Name und Lieferadresse an das beauftragte Paketunternehmen. Bei der Expresslieferung ist zusätzlich deine Telefonnummer Pflichtangabe, damit der Zusteller die Übergabe gekühlter Ware kurzfristig mit dir abstimmen kann. Deine E-Mail-Adresse geben wir nur weiter, wenn du im Checkout ausdrücklich eingewilligt hast, Zustellbenachrichtigungen des Paketunternehmens zu erhalten (Art. 6 Abs. 1 lit. a DSGVO); diese Einwilligung kannst du jederzeit widerrufen.</li>
<li><strong>Lokale Lebensmittellieferung:</strong> Die Zustellung übernehmen unsere eigenen Fahrerinnen und Fahrer. Dafür bekommen sie Name, Lieferadresse, Lieferfenster, gegebenenfalls Telefonnummer und Lieferhinweise (z. B. „3. Etage, Klingel Hinterhaus“).</li>
<li><strong>Click &amp; Collect:</strong> Die Filiale erhält deinen Namen, die Bestellnummer und das gewählte Abholfenster.</li>
</ul>
<p>Rechtsgrundlage ist jeweils Art. 6 Abs. 1 lit. b DSGVO. Gehören alkoholische Getränke zur Bestellung, können Zusteller oder Filialpersonal bei der Übergabe deinen Ausweis einsehen; dabei wird nur vermerkt, dass die Prüfung stattgefunden hat – eine Kopie des Ausweises fertigen wir nicht an (Art. 6 Abs. 1 lit. f DSGVO, Einhaltung des Jugendschutzes).</p>

<h2>8. Teilhaber-Programm und Filialkarte</h2>
<p>Wenn du Mitglied unserer Genossenschaft wirst, verarbeiten wir die Angaben deiner Beitrittserklärung, deine Mitgliedsnummer, die Zahl deiner Geschäftsanteile, Ein- und Auszahlungen sowie eine etwaige Kündigung. Wir sind gesetzlich verpflichtet, eine Mitgliederliste zu führen (§ 30 Genossenschaftsgesetz). Rechtsgrundlagen sind Art. 6 Abs. 1 lit. b DSGVO (Mitgliedschaftsverhältnis nach unserer Satzung) und Art. 6 Abs. 1 lit. c DSGVO. Für die Berechnung deiner Rückvergütung verarbeiten wir die Summe deiner Einkäufe.</p>
<p>Für die Filialkarte verarbeiten wir Kartennummer, Kartenstatus (z. B. gesperrt) und die mit der Karte getätigten Zahlungen und Zutritte zu unseren Filialen außerhalb der Servicezeiten. Die PIN speichern wir ausschließlich als Hashwert. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO; die Zutrittsprotokolle dienen zudem der Sicherheit unserer personalfreien Öffnungszeiten (Art. 6 Abs. 1 lit. f DSGVO) und werden nach 30 Tagen gelöscht. Auf eine Videoüberwachung in unseren Filialen weisen wir vor Ort gesondert hin.</p>

<h2>9. Newsletter</h2>
<p>Unseren Newsletter mit Angeboten, Neuigkeiten aus der Genossenschaft und saisonalen Rezepten versenden wir nur mit deiner Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Nach der Anmeldung erhältst du eine E-Mail mit einem Bestätigungslink; erst wenn du diesen aufrufst, nehmen wir dich in den Verteiler auf (Double-Opt-in). Wir speichern Zeitpunkt und IP-Adresse von Anmeldung und Bestätigung, um deine Einwilligung nachweisen zu können (Art. 6 Abs. 1 lit. c und f DSGVO).</p>
<p>Du kannst den Newsletter jederzeit über den Abmeldelink in jeder Ausgabe oder in deinem Kundenkonto abbestellen. Nach der Abmeldung löschen wir deine Adresse aus dem Verteiler; den Nachweis der früheren Einwilligung bewahren wir bis zu drei Jahre auf. Den Versand erledigt ein Dienstleister in der Europäischen Union als unser Auftragsverarbeiter. Eine Auswertung, welche Ausgaben du öffnest oder welche Links du anklickst, findet nicht statt.</p>

<h2>10. Kontakt mit dem Kundenservice</h2>
<p>Wenn du uns per E-Mail, Telefon oder Post kontaktierst, verarbeiten wir deine Angaben, um dein Anliegen zu bearbeiten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn dein Anliegen eine Bestellung oder dein Konto betrifft, sonst Art. 6 Abs. 1 lit. f DSGVO (Interesse an der Beantwortung von Anfragen). Wir löschen die Korrespondenz, wenn sie nicht mehr benötigt wird, spätestens nach drei Jahren, es sei denn, gesetzliche Aufbewahrungspflichten stehen entgegen.</p>

<h2>11. Cookies und lokale Speicherung</h2>
<p>Wir setzen ohne deine Einwilligung nur Cookies und vergleichbare Speichertechniken ein, die technisch unbedingt erforderlich sind, um den von dir ausdrücklich gewünschten Dienst bereitzustellen (§ 25 Abs. 2 Nr. 2 TDDDG). Die anschließende Verarbeitung stützen wir auf Art. 6 Abs. 1 lit. b und f DSGVO.</p>
<table>
<thead>
<tr><th scope="col">Zweck</th><th scope="col">Inhalt</th><th scope="col">Speicherdauer</th></tr>
</thead>
<tbody>
<tr><th scope="row">Sitzung</th><td>Zufällige Sitzungskennung, die deine Anmeldung und deinen Warenkorb mit deinem Browser verknüpft, sowie ein Schutz gegen gefälschte Formularübermittlungen</td><td>bis zur Abmeldung, höchstens 30 Tage</td></tr>
<tr><th scope="row">Darstellung</th><td>Deine Wahl zwischen hellem und dunklem Design</td><td>12 Monate</td></tr>
<tr><th scope="row">Einwilligungsstatus</th><td>Ob du der Statistik zugestimmt oder sie abgelehnt hast</td><td>12 Monate</td></tr>
</tbody>
</table>
<p>Statistik zur Reichweitenmessung – etwa wie oft Seiten aufgerufen und Suchbegriffe verwendet werden – setzen wir nur ein, wenn du im Einwilligungsdialog ausdrücklich zugestimmt hast (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO). Die IP-Adresse wird dabei gekürzt; die Auswertung erfolgt nur in zusammengefasster Form. Deine Einwilligung kannst du jederzeit mit Wirkung für die Zukunft in den Cookie-Einstellungen unseres Shops widerrufen. Werbe- oder Tracking-Cookies von Drittanbietern verwenden wir nicht.</p>

<h2>12. Empfänger und Auftragsverarbeiter</h2>
<p>Innerhalb der Frischkorb eG erhalten nur die Stellen Zugriff auf deine Daten, die sie für die genannten Zwecke benötigen, etwa Kundenservice, Versand, Filialen und Mitgliederverwaltung. Außerhalb der Genossenschaft geben wir Daten nur weiter, soweit dies oben beschrieben ist oder wir gesetzlich dazu verpflichtet sind (z. B. an Finanzbehörden oder den gesetzlichen Prüfungsverband).</p>
<p>Wir setzen folgende Kategorien von Dienstleistern als Auftragsverarbeiter ein, die wir sorgfältig ausgewählt und nach Art. 28 DSGVO vertraglich an unsere Weisungen gebunden haben:</p>
<ul>
<li>Hosting, Datenbank, Inhaltsauslieferung und Schutz vor Angriffen: Cloudflare, Inc. (USA)</li>
<li>Zahlungsabwicklung für Kartenzahlungen: ein nach PCI DSS zertifizierter Zahlungsdienstleister mit Sitz in der Europäischen Union</li>
<li>Versand von Service-E-Mails und Newsletter: ein E-Mail-Dienstleister mit Sitz in der Europäischen Union</li>
<li>Herstellung und Versand der Filialkarten: eine Kartendruckerei in Deutschland</li>
</ul>
<p>Paketunternehmen, PayPal und Kreditinstitute verarbeiten die ihnen übermittelten Daten in eigener Verantwortung.</p>

<h2>13. Übermittlung in Drittländer</h2>
<p>Cloudflare, Inc. hat ihren Sitz in den USA und ist nach dem EU-U.S. Data Privacy Framework zertifiziert; für diese Übermittlungen gilt der Angemessenheitsbeschluss der Europäischen Kommission vom 10. Juli 2023 (Art. 45 DSGVO). Ergänzend haben wir mit Cloudflare die Standardvertragsklauseln der Europäischen Kommission vereinbart (Art. 46 Abs. 2 lit. c DSGVO), die auch dann gelten, wenn der Angemessenheitsbeschluss entfallen sollte. Die Übertragung erfolgt verschlüsselt. Im Übrigen verarbeiten wir deine Daten innerhalb der Europäischen Union.</p>

<h2>14. Speicherdauer</h2>
<p>Wir speichern personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck erforderlich ist:</p>
<ul>
<li>Kundenkonto: bis zur Löschung durch dich oder auf deinen Wunsch.</li>
<li>Bestell- und Rechnungsdaten: Rechnungen und Buchungsbelege acht Jahre, Bücher und Jahresabschlüsse zehn Jahre, Handels- und Geschäftsbriefe sechs Jahre (§ 257 HGB, § 147 AO), jeweils ab Ende des Kalenderjahres.</li>
<li>Mitgliedschaftsdaten: für die Dauer der Mitgliedschaft und danach bis zum Ablauf der genossenschafts-, handels- und steuerrechtlichen Aufbewahrungsfristen.</li>
<li>Server-Logdaten: höchstens 14 Tage; Zutrittsprotokolle der Filialkarte: 30 Tage.</li>
<li>Newsletter: bis zur Abmeldung; Einwilligungsnachweis bis zu drei Jahre danach.</li>
</ul>
<p>Solange Daten nur noch wegen gesetzlicher Aufbewahrungspflichten gespeichert sind, schränken wir ihre Verarbeitung ein.</p>

<h2>15. Deine Rechte</h2>
<p>Du hast uns gegenüber folgende Rechte hinsichtlich der dich betreffenden personenbezogenen Daten:</p>
<ul>
<li>Recht auf Auskunft (Art. 15 DSGVO),</li>
<li>Recht auf Berichtigung (Art. 16 DSGVO),</li>
<li>Recht auf Löschung (Art. 17 DSGVO),</li>
<li>Recht auf Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
<li>Recht auf Datenübertragbarkeit (Art. 20 DSGVO),</li>
<li>Recht auf Widerspruch gegen die Verarbeitung (Art. 21 DSGVO),</li>
<li>Recht, eine erteilte Einwilligung jederzeit mit Wirkung für die Zukunft zu widerrufen (Art. 7 Abs. 3 DSGVO).</li>
</ul>
<p>Berichtigen oder löschen wir Daten oder schränken wir ihre Verarbeitung ein, teilen wir dies den Empfängern mit, denen wir die Daten offengelegt haben (Art. 19 DSGVO). Wende dich zur Ausübung deiner Rechte einfach an <a href="mailto:datenschutz@frischkorb.example">datenschutz@frischkorb.example</a>.</p>
<h3>Widerspruchsrecht nach Art. 21 DSGVO</h3>
<p><strong>Soweit wir Daten auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse) verarbeiten, kannst du aus Gründen, die sich aus deiner besonderen Situation ergeben, jederzeit Widerspruch gegen diese Verarbeitung einlegen. Wir verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen, die deine Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen. Der Verwendung deiner Daten für Direktwerbung kannst du jederzeit ohne Angabe von Gründen widersprechen.</strong></p>

<h2>16. Beschwerderecht bei der Aufsichtsbehörde</h2>
<p>Du hast das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, wenn du der Ansicht bist, dass die Verarbeitung deiner Daten gegen die DSGVO verstößt (Art. 77 DSGVO). Für uns zuständig ist:</p>
<address>Die Sächsische Datenschutz- und Transparenzbeauftragte<br>Postfach 11 01 32<br>01330 Dresden<br>www.datenschutz.sachsen.de</address>

<h2>17. Pflicht zur Bereitstellung</h2>
<p>Die im Bestell- und Registrierungsprozess als Pflichtfelder gekennzeichneten Angaben benötigen wir für den Vertragsschluss; ohne sie können wir keine Bestellung annehmen. Alle weiteren Angaben sind freiwillig. Eine ausschließlich automatisierte Entscheidungsfindung einschließlich Profiling nach Art. 22 DSGVO findet nicht statt.</p>
`;

const agb = `
<p>Diese Allgemeinen Geschäftsbedingungen gelten für Bestellungen im Online-Shop der Frischkorb eG. Bitte lies sie vor deiner Bestellung aufmerksam durch. Du kannst sie jederzeit auf dieser Seite abrufen, ausdrucken oder speichern.</p>

<h2>§ 1 Geltungsbereich und Vertragspartner</h2>
<p>(1) Vertragspartner ist die Frischkorb eG, Am Kornmarkt 7, 04109 Leipzig, eingetragen im Genossenschaftsregister des Amtsgerichts Leipzig unter GnR 1287 (im Folgenden „wir“). Weitere Angaben findest du im <a href="/pages/legal/impressum">Impressum</a>.</p>
<p>(2) Diese Bedingungen gelten für alle Verträge über die Lieferung von Waren, die du über unseren Online-Shop schließt, einschließlich der Abholung in einer Filiale (Click &amp; Collect). Abweichende Bedingungen des Kunden gelten nicht. Unser Angebot richtet sich an Verbraucher mit Liefer- bzw. Abholadresse in Deutschland.</p>
<p>(3) Für den Erwerb von Geschäftsanteilen und die Mitgliedschaft in der Genossenschaft (Teilhaber-Programm) gelten ausschließlich unsere Satzung und das Genossenschaftsgesetz. Für Einkäufe in unseren Filialen gelten diese Bedingungen nicht.</p>

<h2>§ 2 Kundenkonto</h2>
<p>(1) Für eine Bestellung brauchst du ein Kundenkonto. Die Registrierung ist nur volljährigen Personen ab 18 Jahren gestattet. Das Konto wird aktiviert, sobald du den Link in unserer Bestätigungs-E-Mail aufrufst.</p>
<p>(2) Bitte mach wahrheitsgemäße Angaben, halte sie aktuell und gib dein Passwort sowie die PIN deiner Filialkarte nicht an Dritte weiter. Eine verlorene Filialkarte sperrst du bitte unverzüglich in deinem Kundenkonto oder telefonisch beim Kundenservice.</p>

<h2>§ 3 Vertragsschluss</h2>
<p>(1) Die Darstellung der Waren im Online-Shop ist kein rechtlich bindendes Angebot, sondern eine unverbindliche Aufforderung zur Bestellung.</p>
<p>(2) Du legst Waren in den Warenkorb, wählst Versandart, Liefer- oder Abholtermin sowie Zahlungsart und gelangst zur Bestellübersicht. Dort kannst du alle Angaben prüfen und über die jeweiligen „Ändern“-Links oder die Zurück-Funktion deines Browsers korrigieren. Durch Anklicken der Schaltfläche <strong>„Zahlungspflichtig bestellen“</strong> gibst du ein verbindliches Angebot zum Kauf der im Warenkorb enthaltenen Waren ab.</p>
<p>(3) Unmittelbar danach erhältst du eine automatische E-Mail, die den Eingang deiner Bestellung bestätigt. Diese Eingangsbestätigung ist noch keine Annahme deines Angebots. Der Vertrag kommt zustande, wenn wir deine Bestellung durch eine gesonderte Auftragsbestätigung per E-Mail annehmen, spätestens jedoch mit der Auslieferung der Ware oder ihrer Bereitstellung zur Abholung.</p>
<p>(4) Ist ein bestellter Artikel unerwartet nicht verfügbar – etwa weil Frischware nicht in der erforderlichen Qualität geliefert wurde –, nehmen wir die Bestellung nur für die übrigen Artikel an und informieren dich darüber. Bereits gezahlte Beträge für nicht gelieferte Artikel erstatten wir unverzüglich.</p>
<p>(5) Vertragssprache ist Deutsch. Wir speichern den Vertragstext. Die Bestelldaten und diese Bedingungen senden wir dir mit der Auftragsbestätigung in Textform zu; deine Bestellungen kannst du außerdem in deinem Kundenkonto einsehen.</p>

<h2>§ 4 Preise, Pfand und Mindestbestellwert</h2>
<p>(1) Alle Preise sind Endpreise in Euro einschließlich der gesetzlichen Umsatzsteuer (7 % für Lebensmittel, 19 % für Getränke und Non-Food-Artikel). Grundpreise geben wir je Kilogramm bzw. Liter an.</p>
<p>(2) Pfand für Einweg- und Mehrweggebinde sowie Getränkekisten weisen wir gesondert aus und berechnen es zusätzlich zum Warenpreis. Zurückgegebenes Leergut erstatten wir bei Rückgabe in einer unserer Filialen. Einzelheiten findest du auf unserer Seite <a href="/content/pfand">Pfand &amp; Leergut</a>.</p>
<p>(3) Der Mindestbestellwert beträgt 20,00 €. Zusätzlich fallen gegebenenfalls Versandkosten an; sie richten sich nach unserer Seite <a href="/pages/legal/versand-zahlung">Versand &amp; Zahlung</a> und werden dir vor Abgabe der Bestellung angezeigt.</p>
<p>(4) Ab einem Bestellwert von 50,00 € kannst du im Warenkorb Gratis-Zugaben auswählen; je nach Bestellwert sind es bis zu drei. Gratis-Zugaben gibt es nur, solange der Vorrat reicht.</p>

<h2>§ 5 Lieferung und Abholung</h2>
<p>(1) Wir bieten die Standardlieferung als Paket, die Expresslieferung, die Lokale Lebensmittellieferung in unseren Kühlfahrzeugen im Umkreis unserer Filialen sowie die Abholung in einer Filiale (Click &amp; Collect) an. Kosten, Lieferzeiten und Voraussetzungen findest du auf der Seite <a href="/pages/legal/versand-zahlung">Versand &amp; Zahlung</a>.</p>
<p>(2) Kühlware versenden wir nicht mit der Standardlieferung, sondern nur per Expresslieferung oder Lokaler Lebensmittellieferung. Die Lokale Lebensmittellieferung ist nur für Postleitzahlen in unserem Liefergebiet möglich.</p>
<p>(3) Bei Click &amp; Collect halten wir deine Bestellung im gewählten Zeitfenster in der gewählten Filiale bereit. Bitte bring die Bestellnummer mit. Kannst du das Zeitfenster nicht einhalten, melde dich bitte beim Kundenservice oder in der Filiale; gekühlte und tiefgekühlte Ware können wir aus Gründen der Lebensmittelsicherheit höchstens bis zum Ende des Abholtags für dich aufbewahren.</p>
<p>(4) Bist du bei einer Zustellung nicht anzutreffen, versucht das Paketunternehmen nach seinen Bedingungen eine erneute Zustellung oder eine Zustellung an einen Nachbarn bzw. eine Abholstelle. Bei der Lokalen Lebensmittellieferung stimmen wir einen neuen Termin mit dir ab.</p>

<h2>§ 6 Zahlung</h2>
<p>(1) Du kannst mit PayPal, Kredit- oder Debitkarte, deinem Kundenguthaben sowie – unter den Voraussetzungen des Absatzes 3 – per SEPA-Lastschrift bezahlen. Reicht das Kundenguthaben nicht für den gesamten Betrag, zahlst du den Rest mit einer weiteren Zahlungsart.</p>
<p>(2) Bei PayPal und Kartenzahlung autorisierst du die Zahlung beim Absenden der Bestellung; bei Kartenzahlung kann deine Bank eine starke Kundenauthentifizierung verlangen. Können wir einzelne Artikel nicht liefern, erstatten wir den darauf entfallenden Betrag unverzüglich.</p>
<p>(3) Die SEPA-Lastschrift steht Teilhabern (Mitgliedern der Genossenschaft) sowie Kunden offen, die bereits mindestens eine Bestellung bei uns bezahlt haben. Mit dem SEPA-Lastschriftmandat ermächtigst du uns, den Rechnungsbetrag von deinem Konto einzuziehen. Über Betrag und Fälligkeit informieren wir dich spätestens einen Tag vor dem Einzug (Vorabankündigung). Du kannst innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, von deiner Bank die Erstattung des belasteten Betrags verlangen; es gelten die mit deiner Bank vereinbarten Bedingungen. Wird eine Lastschrift aus einem von dir zu vertretenden Grund nicht eingelöst, trägst du die uns tatsächlich entstandenen Bankgebühren.</p>

<h2>§ 7 Eigentumsvorbehalt</h2>
<p>Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.</p>

<h2>§ 8 Alkoholische Getränke und Altersprüfung</h2>
<p>(1) Alkoholische Getränke verkaufen wir ausschließlich an Volljährige. Dies stellen wir durch das Mindestalter von 18 Jahren bei der Registrierung sicher.</p>
<p>(2) Bei der Übergabe – durch den Zusteller, unsere Fahrer oder in der Filiale – kann die Vorlage eines amtlichen Lichtbildausweises verlangt werden. Die Ware wird nur an dich persönlich oder eine andere volljährige Person ausgehändigt. Kann das Alter nicht nachgewiesen werden, werden die alkoholischen Getränke nicht übergeben; den darauf entfallenden Kaufpreis einschließlich Pfand erstatten wir dir.</p>

<h2>§ 9 Mängelhaftung</h2>
<p>(1) Es gelten die gesetzlichen Mängelrechte.</p>
<p>(2) Bitte prüf Frischware und Kühlware nach Erhalt und melde beschädigte, verdorbene oder fehlende Artikel möglichst umgehend unserem Kundenservice, gern mit einem Foto. So können wir schnell für Ersatz oder Erstattung sorgen. Deine gesetzlichen Rechte bleiben davon unberührt; insbesondere verlierst du sie nicht, wenn du einen Mangel später meldest.</p>

<h2>§ 10 Haftung</h2>
<p>(1) Wir haften unbeschränkt für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit, für Vorsatz und grobe Fahrlässigkeit, nach dem Produkthaftungsgesetz sowie im Umfang einer übernommenen Garantie.</p>
<p>(2) Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht – einer Pflicht, deren Erfüllung die ordnungsgemäße Durchführung des Vertrags überhaupt erst ermöglicht und auf deren Einhaltung du regelmäßig vertrauen darfst – ist unsere Haftung auf den bei Vertragsschluss vorhersehbaren, vertragstypischen Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.</p>
<p>(3) Diese Beschränkungen gelten auch zugunsten unserer Mitarbeiter und Beauftragten.</p>

<h2>§ 11 Widerrufsrecht</h2>
<p>Als Verbraucher hast du ein gesetzliches Widerrufsrecht. Bei verderblichen Lebensmitteln und einigen weiteren Waren besteht es nicht oder erlischt vorzeitig. Einzelheiten, das Muster-Widerrufsformular und die Schaltfläche „Vertrag widerrufen“ findest du in unserer <a href="/pages/legal/widerrufsbelehrung">Widerrufsbelehrung</a>.</p>

<h2>§ 12 Streitbeilegung</h2>
<p>(1) Die Plattform der Europäischen Kommission zur Online-Streitbeilegung wurde zum 20. Juli 2025 eingestellt und steht nicht mehr zur Verfügung.</p>
<p>(2) Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Bei Fragen oder Beschwerden wende dich bitte an <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a>.</p>

<h2>§ 13 Schlussbestimmungen</h2>
<p>(1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Zwingende Verbraucherschutzvorschriften des Staates, in dem du deinen gewöhnlichen Aufenthalt hast, bleiben unberührt.</p>
<p>(2) Sollte eine Bestimmung dieser Bedingungen unwirksam sein, bleibt der Vertrag im Übrigen wirksam; an die Stelle der unwirksamen Bestimmung treten die gesetzlichen Vorschriften.</p>
`;

const widerrufsbelehrung = `
<p>Verbraucherinnen und Verbrauchern steht bei Bestellungen in unserem Online-Shop ein Widerrufsrecht nach folgender Maßgabe zu. Bitte beachte die Ausnahmen für verderbliche und weitere Waren weiter unten.</p>

<h2>Widerrufsrecht</h2>
<p>Du hast das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.</p>
<p>Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem du oder ein von dir benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen hast bzw. hat. Hast du im Rahmen einer einheitlichen Bestellung mehrere Waren bestellt, die getrennt geliefert werden, beginnt die Frist an dem Tag, an dem du oder ein von dir benannter Dritter, der nicht der Beförderer ist, die letzte Ware in Besitz genommen hast bzw. hat.</p>
<p>Um dein Widerrufsrecht auszuüben, musst du uns (Frischkorb eG, Am Kornmarkt 7, 04109 Leipzig, Telefon: 0341 98765-0, E-Mail: <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a>) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über deinen Entschluss, diesen Vertrag zu widerrufen, informieren. Du kannst dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.</p>
<p>Du kannst dein Widerrufsrecht auch online über die Schaltfläche „Vertrag widerrufen“ in unserem Online-Shop ausüben. Wenn du diese Online-Funktion nutzt, übermitteln wir dir auf einem dauerhaften Datenträger (z. B. durch eine E-Mail) unverzüglich eine Eingangsbestätigung mit Informationen zum Inhalt der Widerrufserklärung sowie dem Datum und der Uhrzeit ihres Eingangs.</p>
<p>Zur Wahrung der Widerrufsfrist reicht es aus, dass du die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.</p>

<h2>Folgen des Widerrufs</h2>
<p>Wenn du diesen Vertrag widerrufst, haben wir dir alle Zahlungen, die wir von dir erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass du eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über deinen Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das du bei der ursprünglichen Transaktion eingesetzt hast, es sei denn, mit dir wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden dir wegen dieser Rückzahlung Entgelte berechnet.</p>
<p>Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis du den Nachweis erbracht hast, dass du die Waren zurückgesandt hast, je nachdem, welches der frühere Zeitpunkt ist.</p>
<p>Du hast die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem du uns über den Widerruf dieses Vertrags unterrichten, an uns (Frischkorb eG, Retouren, Am Kornmarkt 7, 04109 Leipzig) zurückzusenden oder in einer unserer Filialen zu übergeben. Die Frist ist gewahrt, wenn du die Waren vor Ablauf der Frist von vierzehn Tagen absenden oder übergeben.</p>
<p>Du trägst die unmittelbaren Kosten der Rücksendung der Waren. Die Rückgabe in einer unserer Filialen ist für dich kostenlos. Waren, die aufgrund ihrer Beschaffenheit nicht normal mit der Post zurückgesandt werden können (z. B. Getränkekisten), holen wir auf unsere Kosten bei dir ab.</p>
<p>Du musst für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.</p>

<h2>Ausschluss und vorzeitiges Erlöschen des Widerrufsrechts (§ 312g Abs. 2 BGB)</h2>
<p>Gerade bei Lebensmitteln ist das Widerrufsrecht in vielen Fällen gesetzlich ausgeschlossen. Das Widerrufsrecht <strong>besteht nicht</strong> bei Verträgen</p>
<ul>
<li>zur Lieferung von Waren, die schnell verderben können oder deren Verfallsdatum schnell überschritten würde – bei uns insbesondere frisches Obst und Gemüse, Brot und Backwaren, Molkereiprodukte, Fleisch, Wurst, Fisch, Käse und andere gekühlte Waren sowie Tiefkühlkost;</li>
<li>zur Lieferung alkoholischer Getränke, deren Preis bei Vertragsschluss vereinbart wurde, die aber frühestens 30 Tage nach Vertragsschluss geliefert werden können und deren aktueller Wert von Schwankungen auf dem Markt abhängt, auf die wir keinen Einfluss haben (etwa Weine in der Subskription).</li>
</ul>
<p>Das Widerrufsrecht <strong>erlischt vorzeitig</strong> bei Verträgen</p>
<ul>
<li>zur Lieferung versiegelter Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde – zum Beispiel geöffnete Drogerie- und Kosmetikartikel, Babynahrung oder Nahrungsergänzungsmittel;</li>
<li>zur Lieferung von Waren, wenn diese nach der Lieferung aufgrund ihrer Beschaffenheit untrennbar mit anderen Gütern vermischt wurden.</li>
</ul>
<p>Für haltbare, ungeöffnete Waren – etwa Konserven, Nudeln, Reis, Kaffee, Getränke oder Haushaltsartikel – gilt das Widerrufsrecht uneingeschränkt. Deine gesetzlichen Mängelrechte bleiben von diesen Ausnahmen unberührt: Ist eine Ware bei Lieferung verdorben oder beschädigt, melde dich bitte bei unserem Kundenservice.</p>

<h2>Muster-Widerrufsformular</h2>
<p>(Wenn du den Vertrag widerrufen willst, dann füll bitte dieses Formular aus und sende es zurück.)</p>
<ul>
<li>An: Frischkorb eG, Am Kornmarkt 7, 04109 Leipzig, E-Mail: <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a></li>
<li>Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)</li>
<li>Bestellt am (*)/erhalten am (*)</li>
<li>Name des/der Verbraucher(s)</li>
<li>Anschrift des/der Verbraucher(s)</li>
<li>Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)</li>
<li>Datum</li>
</ul>
<p>(*) Unzutreffendes streichen.</p>
`;

const versandZahlung = `
<p>Hier findest du alle Versandarten, Kosten und Zahlungsmöglichkeiten unseres Online-Shops auf einen Blick. Alle Preise verstehen sich in Euro einschließlich der gesetzlichen Umsatzsteuer (7 % für Lebensmittel, 19 % für Getränke und Non-Food-Artikel); Pfand wird gesondert ausgewiesen.</p>

<h2>Mindestbestellwert und versandkostenfreie Lieferung</h2>
<ul>
<li>Der <strong>Mindestbestellwert</strong> beträgt <strong>20,00 €</strong>.</li>
<li>Ab einem Bestellwert von <strong>60,00 €</strong> liefern wir mit der Standardlieferung und der Lokalen Lebensmittellieferung <strong>versandkostenfrei</strong>.</li>
<li>Click &amp; Collect ist immer kostenlos.</li>
<li>Der Warenkorb zeigt dir jederzeit an, wie viel bis zur versandkostenfreien Lieferung noch fehlt.</li>
</ul>

<h2>Versandarten im Überblick</h2>
<table>
<thead>
<tr><th scope="col">Versandart</th><th scope="col">Kosten</th><th scope="col">Ab 60,00 € Bestellwert</th><th scope="col">Lieferzeit</th></tr>
</thead>
<tbody>
<tr><th scope="row">Standardlieferung (Paket)</th><td>4,95 €</td><td>kostenlos</td><td>2–3 Werktage</td></tr>
<tr><th scope="row">Expresslieferung</th><td>9,95 €</td><td>9,95 €</td><td>am nächsten Werktag</td></tr>
<tr><th scope="row">Lokale Lebensmittellieferung</th><td>3,95 €</td><td>kostenlos</td><td>am selben oder am nächsten Tag</td></tr>
<tr><th scope="row">Click &amp; Collect</th><td>kostenlos</td><td>kostenlos</td><td>zum gewählten Termin in deiner Filiale</td></tr>
</tbody>
</table>

<h3>Standardlieferung</h3>
<p>Wir verschicken deine Bestellung als Paket an jede Adresse in Deutschland; die Zustellung erfolgt in der Regel innerhalb von 2–3 Werktagen. Gekühlte und tiefgekühlte Artikel können mit der Standardlieferung nicht versandt werden.</p>

<h3>Expresslieferung</h3>
<p>Mit der Expresslieferung erhältst du deine Bestellung am nächsten Werktag. Für die Expresslieferung brauchen wir deine Telefonnummer, damit der Zusteller die Übergabe mit dir abstimmen kann. Kühlware versenden wir in isolierten Boxen mit Kühlakkus – neben der Lokalen Lebensmittellieferung ist die Expresslieferung die einzige Versandart für gekühlte Artikel.</p>

<h3>Lokale Lebensmittellieferung und Liefergebiet</h3>
<p>Rund um unsere Filialen liefern wir mit eigenen Kühlfahrzeugen noch am selben oder am nächsten Tag – Frisch- und Kühlware inklusive, die Kühlkette bleibt bis an deine Tür geschlossen. Diese Versandart steht nur für Postleitzahlen im Liefergebiet unserer Filialen zur Verfügung. Ob deine Adresse dazugehört, siehst du, sobald du im Checkout deine Lieferadresse angibst: Liegt sie im Liefergebiet, wird dir die Lokale Lebensmittellieferung mit den verfügbaren Lieferterminen angeboten. Eine Übersicht unserer Standorte findest du auf der <a href="/content/map">Filialkarte</a>.</p>

<h3>Click &amp; Collect</h3>
<p>Bei Click &amp; Collect wählst du im Checkout eine Filiale mit Abholservice sowie einen Tag und ein Zeitfenster. Wir stellen deine Bestellung zusammen und halten sie zum gewählten Termin bereit; gekühlte Artikel lagern bis zur Abholung in der Kühlung. Zur Abholung nennst du an der Information deine Bestellnummer. Click &amp; Collect ist kostenlos; der Mindestbestellwert von 20,00 € gilt auch hier.</p>

<h2>Pfand</h2>
<p>Pfand für Flaschen, Dosen und Getränkekisten ist im Artikelpreis nicht enthalten. Wir weisen es an jedem Artikel und im Warenkorb gesondert aus und berechnen es mit deiner Bestellung. Leergut nehmen wir in jeder unserer Filialen zurück und erstatten dir dort das Pfand; über die Paketlieferung ist eine Rückgabe leider nicht möglich. Mehr dazu auf unserer Seite <a href="/content/pfand">Pfand &amp; Leergut</a>.</p>

<h2>Zahlungsarten</h2>
<table>
<thead>
<tr><th scope="col">Zahlungsart</th><th scope="col">Voraussetzungen und Hinweise</th></tr>
</thead>
<tbody>
<tr><th scope="row">PayPal</th><td>Du meldest dich beim Bezahlen bei PayPal an und bestätigst die Zahlung dort.</td></tr>
<tr><th scope="row">Kredit- oder Debitkarte</th><td>Du gibst deine Kartendaten beim Bezahlen ein; deine Bank kann eine zusätzliche Bestätigung (z. B. per App) verlangen.</td></tr>
<tr><th scope="row">Kundenguthaben</th><td>Guthaben in deinem Kundenkonto – etwa aus Erstattungen oder deiner Teilhaber-Rückvergütung – kannst du für die ganze Bestellung oder einen Teil davon einsetzen. Den Rest bezahlst du mit einer anderen Zahlungsart.</td></tr>
<tr><th scope="row">SEPA-Lastschrift</th><td>Nur für Teilhaber und für Kunden, die bereits eine Bestellung bei uns bezahlt haben. Du erteilst uns im Checkout ein SEPA-Lastschriftmandat; wir kündigen den Einzug spätestens einen Tag vorher an. Innerhalb von acht Wochen ab dem Belastungsdatum kannst du von deiner Bank die Erstattung des Betrags verlangen.</td></tr>
</tbody>
</table>

<h2>Gratis-Zugaben</h2>
<p>Ab einem Bestellwert von 50,00 € kannst du im Warenkorb eine Gratis-Zugabe auswählen; mit steigendem Bestellwert werden bis zu drei Zugaben frei. Welche Stufe du erreicht hast, zeigt dir der Warenkorb an. Zugaben gibt es, solange der Vorrat reicht.</p>

<h2>Alkoholische Getränke</h2>
<p>Alkoholische Getränke verkaufen wir nur an Erwachsene. Bei der Übergabe kann dein Ausweis geprüft werden – bitte halte ihn bereit. Einzelheiten regeln unsere <a href="/pages/legal/agb">AGB</a>.</p>
`;

// ---------------------------------------------------------------------------------------------------
// Content pages
// ---------------------------------------------------------------------------------------------------

const onlineShop = `
<p>Im Frischkorb-Online-Shop findest du unser Sortiment aus den Filialen – von regionalem Obst und Gemüse über Brot, Käse und Getränke bis zu Drogerieartikeln. Du bestellst bequem von zu Hause und lässt dir die Einkäufe liefern oder holst sie in deiner Filiale ab. So funktioniert es:</p>

<h2>1. Kundenkonto anlegen</h2>
<p>Zum Bestellen brauchst du ein Kundenkonto. Bei der Registrierung gibst du deinen Namen, deine E-Mail-Adresse, ein Passwort, dein Geburtsdatum und deine Adresse an. Weil wir auch Wein, Bier und Spirituosen verkaufen, können sich nur Personen ab 18 Jahren registrieren.</p>
<p>Nach der Registrierung schicken wir dir eine E-Mail mit einem Aktivierungslink. Sobald du ihn aufgerufen hast, ist dein Konto freigeschaltet. Im Konto verwaltest du später deine Adressen, siehst deine Bestellungen und dein Kundenguthaben und kannst eine Filialkarte bestellen oder sperren.</p>

<h2>2. Suchen, stöbern, filtern</h2>
<p>Über das Suchfeld findest du Produkte nach Name oder Marke. Alternativ stöberst du durch die Kategorien, von „Obst &amp; Gemüse“ bis „Baby &amp; Kind“. Mit den Filtern grenzt du die Auswahl ein, zum Beispiel auf:</p>
<ul>
<li><strong>Bio</strong> und <strong>Demeter</strong>,</li>
<li><strong>vegan</strong> oder <strong>vegetarisch</strong>,</li>
<li><strong>glutenfrei</strong> oder <strong>laktosefrei</strong>,</li>
<li><strong>halal</strong>,</li>
<li><strong>Neu</strong> im Sortiment und aktuelle <strong>Angebote</strong>.</li>
</ul>
<p>Sortieren kannst du nach unserer Empfehlung oder nach Preis. Auf jeder Produktseite findest du den Grundpreis, die Zutaten mit hervorgehobenen Allergenen, die Nährwerte je 100 g bzw. 100 ml, das Herkunftsland, Lagerhinweise und gegebenenfalls das Pfand. Bei reduzierten Artikeln nennen wir neben dem Angebotspreis auch den niedrigsten Preis der letzten 30 Tage.</p>

<h2>3. Der Warenkorb</h2>
<p>Leg Artikel mit einem Klick in den Warenkorb und ändere die Menge jederzeit. Der Warenkorb zeigt dir:</p>
<ul>
<li>den Warenwert und das <strong>Pfand</strong> als eigene Position,</li>
<li>ob der <strong>Mindestbestellwert von 20,00 €</strong> erreicht ist,</li>
<li>wie viel bis zur <strong>versandkostenfreien Lieferung ab 60,00 €</strong> noch fehlt,</li>
<li>welche <strong>Gratis-Zugaben</strong> du bereits auswählen kannst.</li>
</ul>

<h2>4. Gratis-Zugaben</h2>
<p>Ab einem Bestellwert von 50,00 € bedanken wir uns mit einer Gratis-Zugabe, etwa einem Glas Honig aus der Region oder einer Tafel Schokolade. Mit steigendem Bestellwert werden weitere Stufen frei – bis zu drei Zugaben pro Bestellung. Die Auswahl triffst du direkt im Warenkorb, solange der Vorrat reicht.</p>

<h2>5. Liefern lassen oder abholen</h2>
<ul>
<li><strong>Standardlieferung:</strong> als Paket in 2–3 Werktagen für 4,95 € – ohne Kühlware.</li>
<li><strong>Expresslieferung:</strong> am nächsten Werktag für 9,95 €, auch mit Kühlware; bitte gib eine Telefonnummer an.</li>
<li><strong>Lokale Lebensmittellieferung:</strong> am selben oder am nächsten Tag in unseren Kühlfahrzeugen für 3,95 €, wenn deine Postleitzahl im Liefergebiet rund um unsere Filialen liegt.</li>
<li><strong>Click &amp; Collect:</strong> kostenlos zum gewünschten Tag und Zeitfenster in einer Filiale deiner Wahl abholen.</li>
</ul>
<p>Standardlieferung und Lokale Lebensmittellieferung sind ab 60,00 € Bestellwert versandkostenfrei. Alle Einzelheiten findest du unter <a href="/pages/legal/versand-zahlung">Versand &amp; Zahlung</a>, alle Filialen mit Abholservice auf der <a href="/content/map">Filialkarte</a>.</p>

<h2>6. Bezahlen und bestellen</h2>
<p>Du bezahlst mit PayPal, Kredit- oder Debitkarte, deinem Kundenguthaben oder – als Teilhaber und nach deiner ersten bezahlten Bestellung – per SEPA-Lastschrift. Auf der Bestellübersicht prüfst du noch einmal alle Angaben und schließt den Kauf mit der Schaltfläche „Zahlungspflichtig bestellen“ ab.</p>

<h2>7. Nach der Bestellung</h2>
<p>Du erhältst sofort eine Eingangsbestätigung und kurz darauf die Auftragsbestätigung per E-Mail. Den Stand deiner Bestellung siehst du jederzeit in deinem Kundenkonto. Wenn du es dir anders überlegst, erklärst du deinen Widerruf einfach über die Schaltfläche „Vertrag widerrufen“ – beachte dabei die Ausnahmen für frische Lebensmittel in unserer <a href="/pages/legal/widerrufsbelehrung">Widerrufsbelehrung</a>.</p>

<h2>Übrigens</h2>
<p>Abends lieber dunkel? Mit einem Klick stellst du den Shop auf ein dunkles Design um; dein Browser merkt sich die Einstellung.</p>
`;

const neuigkeiten = `
<p>Was gibt es Neues bei Frischkorb? Hier berichten wir über neue Filialen, Entscheidungen unserer Teilhaber, neue Partner aus der Region und Preise.</p>

<h2>Neue Filiale in Magdeburg-Altstadt eröffnet</h2>
<p><em>5. November 2026</em></p>
<p>Frischkorb ist jetzt auch in der Landeshauptstadt Sachsen-Anhalts zu Hause: Unsere 15. Filiale an der Elbuferpromenade 27 hat ihre Türen geöffnet. Du findest dort unser komplettes Frischesortiment mit Backwaren aus der Börde und Gemüse von Höfen aus dem Umland.</p>
<p>Der Markt ist eine unserer Hybrid-Filialen: Montag bis Samstag von 6 bis 22 Uhr geöffnet, am Sonntag von 8 bis 20 Uhr ohne Personal mit Filialkarte und Selbstbedienungskassen – das erlaubt das Ladenöffnungsgesetz in Sachsen-Anhalt für personallose Verkaufsstellen. Beraten lassen kannst du dich werktags von 8 bis 13 und von 15 bis 19 Uhr sowie samstags von 8 bis 14 Uhr. Click &amp; Collect ist von Anfang an dabei.</p>

<h2>Dauerhaft günstiger: 40 Grundnahrungsmittel im Preis gesenkt</h2>
<p><em>19. Oktober 2026</em></p>
<p>Seit Anfang Oktober kosten 40 Artikel des täglichen Bedarfs dauerhaft weniger – im Durchschnitt rund 8 Prozent. Darunter sind Haferflocken, Weizenmehl Type 405, Spaghetti, Langkornreis, H-Milch, Sonnenblumenöl, Speisekartoffeln und Äpfel aus der Region.</p>
<p>Möglich machen das langfristige Abnahmeverträge mit unseren Erzeugern und geringere Transportkosten durch unser neues Frischelager. Die gesenkten Preise sind keine Aktion, sondern gelten bis auf Weiteres in allen Filialen und im Online-Shop.</p>

<h2>Neue Partner aus der Region</h2>
<p><em>1. Oktober 2026</em></p>
<p>Drei neue Lieferanten bereichern seit diesem Herbst unser Sortiment: eine Familienmolkerei aus dem Vogtland mit Weidemilch, Quark und Joghurt im Mehrwegglas, ein Obsthof an der Saale-Unstrut mit Äpfeln, Birnen und Direktsaft sowie eine Bio-Bäckerei aus dem Weimarer Land, die unsere Thüringer Filialen jeden Morgen mit Brot und Brötchen beliefert.</p>
<p>Damit stammen inzwischen mehr als 60 Prozent unseres Frischesortiments von Erzeugern aus höchstens 150 Kilometern Entfernung zur jeweiligen Filiale.</p>

<h2>Außerordentliche Generalversammlung stimmt für neues Frischelager</h2>
<p><em>28. September 2026</em></p>
<p>Mit 91 Prozent der abgegebenen Stimmen haben unsere Teilhaber in der außerordentlichen Generalversammlung am 26. September in Leipzig dem Bau eines gemeinsamen Frischelagers im Leipziger Norden zugestimmt. Es soll ab Herbst 2027 alle Filialen und die Lokale Lebensmittellieferung mit gekühlter Ware versorgen und mit Strom aus der eigenen Photovoltaikanlage betrieben werden.</p>
<p>Außerdem beschloss die Versammlung eine Satzungsänderung: Künftige Generalversammlungen können auch hybrid stattfinden, sodass Teilhaber aus Berlin, Hamburg oder dem Vogtland online teilnehmen und abstimmen können. Zur Erinnerung: Die ordentliche Generalversammlung Anfang Juni hatte den Jahresabschluss 2025 festgestellt; die Auseinandersetzungsguthaben der zum Jahresende 2025 ausgeschiedenen Mitglieder wurden noch im Juni ausgezahlt.</p>

<h2>Lokale Lebensmittellieferung jetzt auch in Halle und Erfurt</h2>
<p><em>14. September 2026</em></p>
<p>Unsere Kühlfahrzeuge sind ab sofort auch rund um die Filialen Halle-Paulusviertel und Erfurt-Altstadt unterwegs. Wer dort wohnt, bekommt seinen Einkauf am selben oder am nächsten Tag für 3,95 € geliefert – ab 60,00 € Bestellwert kostenlos. Ob deine Postleitzahl dazugehört, zeigt dir der Checkout, sobald du deine Lieferadresse eingibst.</p>
`;

const mitgliedschaft = `
<p>Frischkorb gehört seinen Mitgliedern. Als Teilhaberin oder Teilhaber bist du Miteigentümer der Frischkorb eG, sparst bei jedem Einkauf und bestimmst mit, wie sich deine Genossenschaft entwickelt.</p>

<h2>Deine Vorteile als Teilhaber</h2>
<ul>
<li><strong>Bis zu 4 % Rückvergütung (Cashback)</strong> auf deine Einkäufe, gutgeschrieben auf dein Kundenguthaben.</li>
<li><strong>Mitbestimmung:</strong> Jedes Mitglied hat in der Generalversammlung eine Stimme – unabhängig davon, wie viele Anteile es hält.</li>
<li><strong>Bequem bezahlen:</strong> Als Teilhaber kannst du von Anfang an per SEPA-Lastschrift bezahlen.</li>
<li><strong>Persönliche Mitgliedsnummer</strong>, die in deinem Kundenkonto und mit deiner Filialkarte hinterlegt ist.</li>
<li><strong>Informationen aus erster Hand</strong> über neue Filialen, Lieferanten und Projekte der Genossenschaft.</li>
</ul>

<h2>So berechnet sich deine Rückvergütung</h2>
<p>Ein Geschäftsanteil kostet 100 €. Deine Rückvergütung beträgt 1,9 % plus 0,1 % je Geschäftsanteil. Ab 21 Anteilen erhältst du den Höchstsatz von 4 %.</p>
<table>
<thead>
<tr><th scope="col">Geschäftsanteile</th><th scope="col">Einlage</th><th scope="col">Rückvergütung</th></tr>
</thead>
<tbody>
<tr><th scope="row">1</th><td>100 €</td><td>2,0 %</td></tr>
<tr><th scope="row">5</th><td>500 €</td><td>2,4 %</td></tr>
<tr><th scope="row">10</th><td>1.000 €</td><td>2,9 %</td></tr>
<tr><th scope="row">15</th><td>1.500 €</td><td>3,4 %</td></tr>
<tr><th scope="row">20</th><td>2.000 €</td><td>3,9 %</td></tr>
<tr><th scope="row">21 und mehr</th><td>ab 2.100 €</td><td>4,0 %</td></tr>
</tbody>
</table>
<p><strong>Ein Beispiel:</strong> Du kaufst im Monat für 300 € bei Frischkorb ein. Mit 5 Anteilen erhältst du 2,4 %, also 7,20 € im Monat oder 86,40 € im Jahr. Mit 21 Anteilen sind es 4 %, also 12,00 € im Monat oder 144,00 € im Jahr.</p>

<h2>So wirst du Teilhaber</h2>
<ol>
<li>Melde dich in deinem Kundenkonto an oder registriere dich (ab 18 Jahren).</li>
<li>Füll im Kundenkonto die Beitrittserklärung aus und wähle, wie viele Geschäftsanteile du zeichnen möchtest – mindestens einen.</li>
<li>Bestätige deine Beitrittserklärung über den Link, den wir dir per E-Mail schicken.</li>
<li>Bezahl deine Geschäftsanteile im Checkout – ganz wie eine Bestellung.</li>
<li>Nach der Zulassung durch den Vorstand tragen wir dich in die Mitgliederliste ein, und du erhältst deine Mitgliedsnummer. Ab dann gilt deine Rückvergütung.</li>
</ol>

<h2>Häufige Fragen zur Mitgliedschaft</h2>

<h3>Kann ich später weitere Anteile kaufen?</h3>
<p>Ja, jederzeit – über dein Kundenkonto und den Checkout. Deine Rückvergütung steigt mit jedem weiteren Anteil um 0,1 Prozentpunkte, bis du mit 21 Anteilen die Höchstgrenze von 4 % erreichen. Weitere Anteile darüber hinaus sind möglich, erhöhen die Rückvergütung aber nicht mehr.</p>

<h3>Gilt die Rückvergütung auch in der Filiale?</h3>
<p>Ja. Weist du dich an der Kasse mit deiner Filialkarte aus, werden auch deine Einkäufe in den Filialen berücksichtigt. Die Rückvergütung wird deinem Kundenguthaben gutgeschrieben, das du im Online-Shop ganz oder teilweise zum Bezahlen einsetzen können.</p>

<h3>Welches Risiko gehe ich ein?</h3>
<p>Deine Geschäftsanteile sind Eigenkapital der Genossenschaft. Eine Nachschusspflicht ist nach unserer Satzung ausgeschlossen; du kannst also höchstens den Betrag deiner Anteile verlieren. Die wirtschaftlichen Verhältnisse der Frischkorb eG werden jedes Jahr vom Mitteldeutschen Genossenschaftsverband geprüft.</p>

<h3>Wie kann ich kündigen?</h3>
<p>Du kannst deine Mitgliedschaft oder einzelne weitere Anteile zum Ende eines Geschäftsjahres kündigen; die Kündigung muss uns mindestens drei Monate vor dessen Ende zugehen. Das Geschäftsjahr entspricht dem Kalenderjahr. Schreib dazu an die Frischkorb eG, Vorstand, Am Kornmarkt 7, 04109 Leipzig. Dein Guthaben zahlen wir aus, nachdem die Generalversammlung den Jahresabschluss des Jahres festgestellt hat, zu dessen Ende du ausgeschieden bist – in der Regel bis zur Mitte des Folgejahres.</p>

<h3>Was passiert mit der Rückvergütung, wenn ich Anteile kündige?</h3>
<p>Bis zum Wirksamwerden der Kündigung bleibt alles, wie es ist. Danach richtet sich die Rückvergütung nach der Zahl der Anteile, die du behältst. Mit dem Ausscheiden aus der Genossenschaft endet sie.</p>

<h3>Wo kann ich Frischkorb kennenlernen?</h3>
<p>Am besten in einer unserer Filialen – alle Standorte findest du auf der <a href="/content/map">Filialkarte</a>. Fragen zur Mitgliedschaft beantwortet dir auch unser Kundenservice unter 0341 98765-0 oder <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a>.</p>
`;

const ueberUns = `
<p>Die Frischkorb eG ist eine Verbrauchergenossenschaft und gehört den Menschen, die bei ihr einkaufen. Heute versorgen wir mit 15 Filialen in Mitteldeutschland, Berlin und Hamburg und mit unserem Online-Shop Zehntausende Haushalte mit guten Lebensmitteln.</p>

<h2>Unsere Geschichte</h2>
<ul>
<li><strong>1991</strong> – 27 Haushalte in der Leipziger Südvorstadt gründen eine Einkaufsgemeinschaft und bestellen Gemüse direkt bei Höfen im Umland.</li>
<li><strong>1994</strong> – Aus der Einkaufsgemeinschaft wird die Frischkorb eG. Im selben Jahr eröffnet der erste Laden, der bis heute unsere Filiale Leipzig-Südvorstadt ist.</li>
<li><strong>2004</strong> – Mit Dresden und Halle geht Frischkorb erstmals über Leipzig hinaus.</li>
<li><strong>2012</strong> – In Jena, Erfurt und Weimar kommen die ersten Thüringer Filialen hinzu.</li>
<li><strong>2018</strong> – In Leipzig-Gohlis eröffnet unsere erste Hybrid-Filiale: lange geöffnet mit Filialkarte und Selbstbedienungskassen, zu festen Zeiten mit Beratung.</li>
<li><strong>2020</strong> – Der Online-Shop startet, kurz darauf die Lokale Lebensmittellieferung mit eigenen Kühlfahrzeugen.</li>
<li><strong>2023</strong> – Mit Berlin-Prenzlauer Berg und Hamburg-Ottensen wagen wir den Schritt in die großen Städte.</li>
<li><strong>2026</strong> – Unsere 15. Filiale eröffnet in Magdeburg. Mehr als 38.000 Teilhaber tragen die Genossenschaft.</li>
</ul>

<h2>Regional, wo immer es geht</h2>
<p>Regional heißt für uns: aus höchstens 150 Kilometern Entfernung zur Filiale. Mehr als 60 Prozent unseres Frischesortiments – Obst und Gemüse, Milchprodukte, Eier, Brot und Fleisch – kommen inzwischen von rund 180 Erzeugern aus der Region. Mit vielen arbeiten wir seit Jahren zusammen und vereinbaren Mengen und Preise vor der Saison, damit die Höfe planen können.</p>
<p>Was nicht aus der Region kommen kann, etwa Kaffee, Kakao oder Bananen, kaufen wir bevorzugt aus fairem Handel und in Bio-Qualität. Das Herkunftsland jedes Produkts findest du auf der Produktseite im Online-Shop.</p>

<h2>Der Frischkorb-Werte-Kodex</h2>
<p>Eine Genossenschaft lebt vom Vertrauen. Unser Werte-Kodex beschreibt, was wir voneinander erwarten. Teilhaber erkennen ihn mit dem Beitritt an, Kundinnen und Kunden mit der Registrierung im Online-Shop – und wir als Genossenschaft messen uns jeden Tag daran.</p>
<ol>
<li><strong>Fair zu den Erzeugern.</strong> Wir zahlen Preise, von denen Höfe und Handwerksbetriebe leben können, und halten unsere Zusagen ein.</li>
<li><strong>Regional vor überregional.</strong> Wenn es ein gleichwertiges Produkt aus der Region gibt, bevorzugen wir es.</li>
<li><strong>Ehrlich an der Kasse.</strong> In unseren Hybrid-Filialen vertrauen wir darauf, dass alle an der Selbstbedienungskasse jeden Artikel scannen – dieses Vertrauen macht die langen Öffnungszeiten erst möglich.</li>
<li><strong>Respekt im Umgang.</strong> Wir begegnen Mitarbeitenden, Zustellern und anderen Kunden freundlich und respektvoll – im Laden, am Telefon und an der Haustür.</li>
<li><strong>Nichts verschwenden.</strong> Wir kalkulieren Frischware knapp, geben Lebensmittel kurz vor Ablauf vergünstigt ab und spenden, was übrig bleibt, an die Tafeln vor Ort.</li>
<li><strong>Klar und offen.</strong> Preise, Herkunft und Zutaten sind bei uns nachvollziehbar. Über die Zahlen der Genossenschaft berichten wir jedes Jahr in der Generalversammlung.</li>
<li><strong>Jugendschutz ernst nehmen.</strong> Alkohol gibt es bei uns nur für Erwachsene – wir prüfen Ausweise und bitten um Verständnis dafür.</li>
<li><strong>Gemeinsam entscheiden.</strong> Jedes Mitglied hat eine Stimme. Wer mitreden will, ist in der Generalversammlung herzlich willkommen.</li>
</ol>

<h2>Die Genossenschaft</h2>
<p>Geleitet wird die Frischkorb eG von einem zweiköpfigen Vorstand, Johanna Brandt (Vorsitzende) und Mehmet Aydın. Der Aufsichtsrat unter dem Vorsitz von Dr. Klaus Reimers wird von den Mitgliedern gewählt und kontrolliert den Vorstand. Wie du selbst Teilhaber wirst, erfährst du auf unserer Seite zur <a href="/content/mitgliedschaft">Mitgliedschaft</a>; unsere Filialen findest du auf der <a href="/content/map">Filialkarte</a>.</p>
`;

const pfand = `
<p>Pfand sorgt dafür, dass Flaschen, Dosen und Kisten nicht in der Landschaft landen, sondern wiederbefüllt oder recycelt werden. Hier erfährst du, welches Pfand wir berechnen und wie du es zurückbekommst.</p>

<h2>Pfandbeträge</h2>
<table>
<thead>
<tr><th scope="col">Gebinde</th><th scope="col">Beispiele</th><th scope="col">Pfand</th></tr>
</thead>
<tbody>
<tr><th scope="row">Einweg (Flaschen und Dosen)</th><td>PET-Einwegflaschen, Getränkedosen, Milchgetränke in Kunststoffflaschen – erkennbar am Pfandzeichen der DPG</td><td>0,25 €</td></tr>
<tr><th scope="row">Mehrweg-Glasflasche (Standard)</th><td>Bierflaschen mit Kronkorken, z. B. 0,5-l-Euroflasche</td><td>0,08 €</td></tr>
<tr><th scope="row">Mehrwegflasche (Glas mit Schraub- oder Bügelverschluss, PET-Mehrweg)</th><td>Mineralwasser, Saft und Schorlen, Bier mit Bügelverschluss</td><td>0,15 €</td></tr>
<tr><th scope="row">Getränkekiste</th><td>Kisten für Wasser, Saft und Bier (ohne Flaschen)</td><td>1,50 €</td></tr>
</tbody>
</table>
<p><strong>Beispiel:</strong> Eine Kiste Bier mit 20 Mehrwegflaschen kostet 1,50 € Kistenpfand plus 20 × 0,08 € = insgesamt 3,10 € Pfand. Eine Kiste Mineralwasser mit 12 Mehrwegflaschen à 0,15 € kommt auf 3,30 € Pfand.</p>

<h2>Pfand im Online-Shop</h2>
<p>Das Pfand ist nicht im Artikelpreis enthalten. Wie es die Preisangabenverordnung vorsieht, nennen wir es neben dem Preis gesondert – auf der Produktseite, im Warenkorb und auf deiner Rechnung. Mit deiner Bestellung berechnen wir es zusätzlich zum Warenwert.</p>

<h2>Leergut zurückgeben</h2>
<p>Du kannst Leergut in <strong>jeder</strong> Frischkorb-Filiale zurückgeben – ganz gleich, ob du die Getränke online oder im Laden gekauft haben. So funktioniert es:</p>
<ol>
<li>Gib Flaschen, Dosen und Kisten in den Leergutautomaten. Bitte leere sie vorher und lass das Etikett dran: Ohne lesbares Pfandzeichen oder Strichcode kann der Automat das Gebinde nicht erkennen.</li>
<li>Der Automat druckt dir einen Pfandbon.</li>
<li>Den Bon löst du bei deinem nächsten Einkauf an der Kasse oder an einer Selbstbedienungskasse ein. In den Servicezeiten zahlen wir dir den Betrag auf Wunsch auch bar aus.</li>
</ol>
<p>Einwegflaschen und -dosen mit Pfandzeichen nehmen wir unabhängig von der Marke zurück. Mehrwegflaschen und Kisten können wir für alle Sorten annehmen, die wir im Sortiment führen. Über die Paketlieferung können wir leider kein Leergut zurücknehmen.</p>

<h2>Gut zu wissen</h2>
<ul>
<li>Seit 2024 sind auch Milch und Milchgetränke in Einweg-Kunststoffflaschen pfandpflichtig.</li>
<li>Zerdrückte Dosen und Flaschen erkennt der Automat oft nicht mehr – bitte gib sie unbeschädigt zurück.</li>
<li>Kisten nehmen wir auch unvollständig befüllt zurück; das Pfand für Kiste und Flaschen wird getrennt gutgeschrieben.</li>
</ul>
<p>Welche Filiale in deiner Nähe liegt, siehst du auf der <a href="/content/map">Filialkarte</a>.</p>
`;

const haeufigeFragen = `
<p>Hier findest du Antworten auf die Fragen, die uns am häufigsten erreichen. Ist deine Frage nicht dabei? Unser Kundenservice hilft dir gern weiter.</p>

<h2>Kundenkonto</h2>

<h3>Ich habe mich registriert, aber keine Aktivierungs-E-Mail erhalten. Was nun?</h3>
<p>Bitte sieh zuerst im Spam- oder Werbeordner deines Postfachs nach und prüf, ob du deine E-Mail-Adresse richtig eingegeben hast. Dein Konto wird erst aktiviert, wenn du den Link in der E-Mail aufrufst. Ist die Nachricht auch nach einer Stunde nicht da, melde dich bei unserem Kundenservice – wir schicken dir den Link erneut.</p>

<h3>Ich habe mein Passwort vergessen.</h3>
<p>Klick auf der Anmeldeseite auf „Passwort vergessen“ und gib deine E-Mail-Adresse ein. Du erhältst einen Link, mit dem du ein neues Passwort festlegst. Aus Sicherheitsgründen kennen auch unsere Mitarbeiter dein Passwort nicht und können es dir nicht nennen.</p>

<h2>Lieferung und Abholung</h2>

<h3>Wie schnell liefert ihr, und was kostet das?</h3>
<p>Mit der Standardlieferung kommt dein Paket in 2–3 Werktagen (4,95 €), mit der Expresslieferung am nächsten Werktag (9,95 €). Die Lokale Lebensmittellieferung bringt deinen Einkauf am selben oder am nächsten Tag (3,95 €), sofern deine Postleitzahl im Liefergebiet rund um unsere Filialen liegt. Ab 60,00 € Bestellwert sind Standard- und Lokale Lieferung kostenlos. Der Mindestbestellwert beträgt 20,00 €. Alle Details stehen unter <a href="/pages/legal/versand-zahlung">Versand &amp; Zahlung</a>.</p>

<h3>Kann ich auch Kühlware und Tiefkühlkost bestellen?</h3>
<p>Ja, aber nicht mit der Standardlieferung. Gekühlte Artikel liefern wir per Expresslieferung in isolierten Boxen oder mit der Lokalen Lebensmittellieferung in unseren Kühlfahrzeugen. Bei der Expresslieferung brauchen wir deine Telefonnummer.</p>

<h3>Wie funktioniert Click &amp; Collect?</h3>
<p>Wähle im Checkout „Click &amp; Collect“, eine Filiale mit Abholservice sowie Tag und Zeitfenster. Wir stellen deine Bestellung zusammen und halten sie bereit. Nenn bei der Abholung einfach deine Bestellnummer. Click &amp; Collect ist kostenlos. Welche Filialen den Abholservice anbieten, zeigt die <a href="/content/map">Filialkarte</a>.</p>

<h2>Bezahlen und Pfand</h2>

<h3>Welche Zahlungsarten gibt es, und warum kann ich nicht per Lastschrift bezahlen?</h3>
<p>Du kannst mit PayPal, Kredit- oder Debitkarte und deinem Kundenguthaben bezahlen; das Guthaben lässt sich auch für einen Teil der Bestellung einsetzen. Die SEPA-Lastschrift bieten wir Teilhabern sowie Kunden an, die bereits eine Bestellung bei uns bezahlt haben – nach deiner ersten bezahlten Bestellung steht sie dir also ebenfalls zur Verfügung.</p>

<h3>Wie bekomme ich mein Pfand zurück?</h3>
<p>Das Pfand weisen wir beim Online-Einkauf gesondert aus und berechnen es mit. Leergut gibst du in jeder unserer Filialen am Leergutautomaten zurück und löst den Pfandbon beim nächsten Einkauf ein. Einweg kostet 0,25 €, Mehrweg 0,08 € bzw. 0,15 €, eine Kiste 1,50 € – mehr dazu auf der Seite <a href="/content/pfand">Pfand &amp; Leergut</a>.</p>

<h2>Alkohol und Altersprüfung</h2>

<h3>Warum wird bei der Übergabe mein Ausweis geprüft?</h3>
<p>Alkoholische Getränke dürfen wir nur an Erwachsene abgeben. Deshalb ist die Registrierung erst ab 18 Jahren möglich, und bei der Übergabe – an der Haustür oder in der Filiale – kann ein Ausweis verlangt werden. Kann das Alter nicht nachgewiesen werden, händigen wir die alkoholischen Getränke nicht aus und erstatten dir den Preis einschließlich Pfand.</p>

<h2>Filialkarte</h2>

<h3>Wie bekomme ich eine Filialkarte, und was mache ich bei Verlust?</h3>
<p>Die Filialkarte bestellst du in deinem Kundenkonto; sie kommt innerhalb von etwa 14 Werktagen per Post. Mit Karte und persönlicher PIN bezahlst du in unseren Filialen, weist dich aus und öffnest in Hybrid-Filialen außerhalb der Servicezeiten die Tür. Ist die Karte verloren gegangen, sperr sie sofort in deinem Kundenkonto oder ruf uns an; anschließend kannst du eine neue Karte bestellen.</p>

<h2>Mitgliedschaft</h2>

<h3>Was bringt mir die Mitgliedschaft als Teilhaber?</h3>
<p>Als Teilhaber erwirbst du Geschäftsanteile zu je 100 € und erhältst 1,9 % plus 0,1 % je Anteil Rückvergütung auf deine Einkäufe – ab 21 Anteilen den Höchstsatz von 4 %. Du bekommst eine Mitgliedsnummer, kannst per Lastschrift bezahlen und stimmst in der Generalversammlung mit. Deine Beitrittserklärung bestätigst du per E-Mail-Link, die Anteile bezahlst du im Checkout. Alles Weitere erklärt die Seite <a href="/content/mitgliedschaft">Mitgliedschaft</a>.</p>

<h3>Kann ich meine Anteile wieder kündigen?</h3>
<p>Ja, zum Ende eines Geschäftsjahres mit einer Frist von drei Monaten. Das Guthaben zahlen wir aus, nachdem die Generalversammlung den Jahresabschluss festgestellt hat.</p>

<h2>Widerruf</h2>

<h3>Kann ich frische Lebensmittel zurückgeben?</h3>
<p>Für Waren, die schnell verderben – etwa Obst, Gemüse, Backwaren, Molkereiprodukte, Fleisch und Tiefkühlkost –, besteht kein gesetzliches Widerrufsrecht. Bei geöffneten hygienisch versiegelten Waren wie Babynahrung oder Drogerieartikeln erlischt es. Haltbare, ungeöffnete Waren kannst du innerhalb von 14 Tagen widerrufen. Ist frische Ware bei Lieferung verdorben oder beschädigt, ist das ein Mangel: Melde dich bitte bei uns, wir sorgen für Ersatz oder Erstattung. Einzelheiten liest du in der <a href="/pages/legal/widerrufsbelehrung">Widerrufsbelehrung</a>.</p>

<h2>Kontakt</h2>

<h3>Wie erreiche ich den Kundenservice?</h3>
<p>Telefonisch unter 0341 98765-0 von Montag bis Freitag zwischen 8 und 18 Uhr, per E-Mail jederzeit unter <a href="mailto:kundenservice@frischkorb.example">kundenservice@frischkorb.example</a>. Bitte nenn bei Fragen zu einer Bestellung deine Bestellnummer. Fragen zum Datenschutz richtest du an <a href="mailto:datenschutz@frischkorb.example">datenschutz@frischkorb.example</a>.</p>
`;

const wertekodex = `
<p>Frischkorb ist eine Genossenschaft: Der Markt gehört den Menschen, die hier einkaufen. Wer bei uns ein Kundenkonto anlegt, teilt diese Grundsätze.</p>
<h2>1. Fair zu Erzeugerinnen und Erzeugern</h2>
<p>Wir zahlen Preise, von denen Höfe und Betriebe leben können, und kaufen so regional wie möglich.</p>
<h2>2. Ehrlich zu Kundinnen und Kunden</h2>
<p>Preise verstehen sich inklusive Mehrwertsteuer, Pfand weisen wir getrennt aus, Grundpreise stehen an jedem Produkt. Was wir versprechen, halten wir.</p>
<h2>3. Sorgsam mit Lebensmitteln</h2>
<p>Wir planen Bestellungen so, dass möglichst wenig übrig bleibt, und geben Lebensmittel, die wir nicht mehr verkaufen, an Tafeln und Foodsharing weiter.</p>
<h2>4. Respektvoll miteinander</h2>
<p>Im Markt, am Telefon und online begegnen wir einander freundlich und auf Augenhöhe. Beleidigungen, Diskriminierung und Missbrauch von Aktionen dulden wir nicht.</p>
<h2>5. Verantwortung beim Alkohol</h2>
<p>Alkoholische Getränke verkaufen wir nur an Volljährige und prüfen das Alter bei der Übergabe.</p>
`;

const kundenkarte = `
<p>Diese Bedingungen gelten für die Frischkorb-Kundenkarte der Frischkorb eG, Am Kornmarkt 7, 04109 Leipzig, als Plastikkarte mit RFID-Chip und als digitale Karte in Apple Wallet, Google Wallet und der Frischkorb-App.</p>
<h2>1. Antrag und Ausgabe</h2>
<p>Die Karte ist kostenlos. Du beantragst sie in deinem Kundenkonto unter „Meine Kundenkarten“. Wir geben deinen Antrag an unseren Kartenanbieter weiter, der deine Angaben und dein SEPA-Lastschriftmandat prüft und die Karte herstellt. Die Karte kommt in der Regel innerhalb von etwa 14 Werktagen per Post. Auf die Karte drucken wir deinen Namen ohne Umlaute (zum Beispiel „Mueller“ statt „Müller“). Die Karte bleibt Eigentum der Frischkorb eG.</p>
<h2>2. Bezahlen mit der Karte</h2>
<p>Mit der Karte zahlst du in allen Frischkorb-Märkten. Zuerst wird dein Guthaben verrechnet, der Rest wird per SEPA-Lastschrift von deinem Konto eingezogen. Du erhältst eine Vorabankündigung (Pre-Notification) spätestens einen Tag vor dem Einzug mit dem Kassenbon.</p>
<h2>3. PIN</h2>
<p>Du kannst für jede Karte im Kundenkonto eine vierstellige PIN vergeben, ändern oder deaktivieren; Ändern und Deaktivieren bestätigst du mit deinem Passwort. Halte die PIN geheim und notiere sie nicht auf der Karte. Nach drei falschen Eingaben an der Kasse ist die PIN gesperrt, bis du eine neue vergibst. Wir speichern die PIN nur verschlüsselt und fragen sie nie per E-Mail oder Telefon ab.</p>
<h2>4. Sperren</h2>
<p>Du kannst jede Karte im Kundenkonto jederzeit selbst sperren und wieder entsperren. Eine verlorene oder gestohlene Karte meldest du bitte sofort dem Kundenservice (0341 98765-0, kundenservice@frischkorb.example); wir sperren sie dann dauerhaft und schicken dir eine neue. Bei Verdacht auf Missbrauch kann unser Kartenanbieter eine Karte sperren; diese Sperre hebt nur der Kundenservice auf.</p>
<h2>5. Lastschrift und Erstattung</h2>
<p>Du kannst innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten die mit deinem Kreditinstitut vereinbarten Bedingungen. Geht eine Lastschrift zurück, dürfen wir die Karte bis zum Ausgleich sperren.</p>
<h2>6. Daten</h2>
<p>Für Antrag, Prüfung und Herstellung der Karte übermitteln wir Name, Anrede, Geburtsdatum, Telefonnummer, deinen Markt und die Daten des Lastschriftmandats an unseren Kartenanbieter. Einzelheiten stehen in unserer Datenschutzerklärung.</p>
<h2>7. Kündigung</h2>
<p>Du kannst die Karte jederzeit ohne Frist über den Kundenservice kündigen. Wir können sie mit einer Frist von zwei Monaten kündigen, aus wichtigem Grund auch sofort.</p>
`;

const satzung = `
<p>Auszug aus der Satzung der Frischkorb eG, Am Kornmarkt 7, 04109 Leipzig (Genossenschaftsregister beim Amtsgericht Leipzig, GnR 412). Die vollständige Satzung schicken wir dir auf Wunsch zu; sie liegt in jeder Filiale aus.</p>
<h2>§ 3 Erwerb der Mitgliedschaft</h2>
<p>Mitglied kann jede volljährige natürliche Person werden. Die Mitgliedschaft wird durch eine schriftliche oder elektronisch signierte Beitrittserklärung und die Zulassung durch den Vorstand erworben. Ein Eintrittsgeld wird nicht erhoben.</p>
<h2>§ 4 Geschäftsanteile</h2>
<p>Der Geschäftsanteil beträgt 100 €. Jedes Mitglied muss mindestens einen Geschäftsanteil übernehmen und kann sich mit weiteren Geschäftsanteilen beteiligen; mit einer Beitrittserklärung können bis zu 50 Anteile gezeichnet werden. Die Geschäftsanteile sind sofort in voller Höhe einzuzahlen. Eine Nachschusspflicht der Mitglieder besteht nicht.</p>
<h2>§ 5 Rückvergütung</h2>
<p>Die Mitglieder erhalten auf ihre Einkäufe eine Rückvergütung von 1,9 % zuzüglich 0,1 % je gehaltenem Geschäftsanteil, höchstens 4 %. Die Rückvergütung wird dem Kundenguthaben gutgeschrieben, sobald eine Bestellung bezahlt ist, und zurückgebucht, wenn die Bestellung widerrufen wird.</p>
<h2>§ 6 Kündigung</h2>
<p>Jedes Mitglied kann seine Mitgliedschaft oder einzelne weitere Geschäftsanteile zum Schluss eines Geschäftsjahres mit einer Frist von drei Monaten kündigen. Das Geschäftsjahr ist das Kalenderjahr. Das Auseinandersetzungsguthaben wird nach Feststellung des Jahresabschlusses durch die Generalversammlung ausgezahlt, in der Regel bis zum 30. Juni des Folgejahres.</p>
<h2>§ 7 Stimmrecht</h2>
<p>Jedes Mitglied hat in der Generalversammlung eine Stimme, unabhängig von der Zahl seiner Geschäftsanteile.</p>
`;

const contentPages = [
  {
    kind: "content",
    slug: "online-shop",
    title: "So funktioniert unser Online-Shop",
    summary:
      "Registrieren, suchen und filtern, Warenkorb und Gratis-Zugaben, liefern lassen oder abholen – Schritt für Schritt durch den Frischkorb-Online-Shop.",
    position: 1,
    body: onlineShop,
  },
  {
    kind: "content",
    slug: "neuigkeiten",
    title: "Neuigkeiten",
    summary:
      "Neue Filialen, Beschlüsse unserer Teilhaber, neue Partner aus der Region und Preissenkungen – das Neueste von Frischkorb.",
    position: 2,
    body: neuigkeiten,
  },
  {
    kind: "content",
    slug: "mitgliedschaft",
    title: "Teilhaber werden",
    summary:
      "Als Teilhaber der Frischkorb eG erhältst du bis zu 4 % Rückvergütung auf deine Einkäufe und bestimmst in deiner Genossenschaft mit.",
    position: 3,
    body: mitgliedschaft,
  },
  {
    kind: "content",
    slug: "ueber-uns",
    title: "Über uns",
    summary:
      "Die Frischkorb eG: eine Verbrauchergenossenschaft aus Leipzig mit regionalem Sortiment, gemeinsamem Werte-Kodex und mehr als 30 Jahren Geschichte.",
    position: 4,
    body: ueberUns,
  },
  {
    kind: "content",
    slug: "pfand",
    title: "Pfand & Leergut",
    summary:
      "Welches Pfand wir für Einweg, Mehrweg und Kisten berechnen und wie du Leergut in jeder Frischkorb-Filiale zurückgibst.",
    position: 5,
    body: pfand,
  },
  {
    kind: "content",
    slug: "haeufige-fragen",
    title: "Häufige Fragen",
    summary:
      "Antworten auf häufige Fragen zu Kundenkonto, Lieferung, Abholung, Bezahlung, Pfand, Altersprüfung, Filialkarte, Mitgliedschaft und Widerruf.",
    position: 6,
    body: haeufigeFragen,
  },
  {
    kind: "content",
    slug: "wertekodex",
    title: "Unser Wertekodex",
    summary: "Die Grundsätze der Frischkorb eG, denen alle Kundinnen und Kunden bei der Registrierung zustimmen.",
    position: 7,
    body: wertekodex,
  },
];

export default [
  {
    kind: "legal",
    slug: "impressum",
    title: "Impressum",
    summary: "Anbieterkennzeichnung der Frischkorb eG mit Anschrift, Vorstand, Registereintrag und Kontaktdaten.",
    position: 1,
    body: impressum,
  },
  {
    kind: "legal",
    slug: "datenschutz",
    title: "Datenschutzerklärung",
    summary:
      "Wie die Frischkorb eG deine personenbezogenen Daten im Online-Shop, im Kundenkonto und im Teilhaber-Programm verarbeitet und welche Rechte du hast.",
    position: 2,
    body: datenschutz,
  },
  {
    kind: "legal",
    slug: "agb",
    title: "Allgemeine Geschäftsbedingungen",
    summary:
      "Die Bedingungen für Bestellungen im Online-Shop der Frischkorb eG: Vertragsschluss, Preise und Pfand, Lieferung, Zahlung und Haftung.",
    position: 3,
    body: agb,
  },
  {
    kind: "legal",
    slug: "widerrufsbelehrung",
    title: "Widerrufsbelehrung",
    summary:
      "Dein Widerrufsrecht bei Online-Bestellungen, die Ausnahmen für verderbliche Lebensmittel und das Muster-Widerrufsformular.",
    position: 4,
    body: widerrufsbelehrung,
  },
  {
    kind: "legal",
    slug: "versand-zahlung",
    title: "Versand & Zahlung",
    summary: "Versandarten, Lieferzeiten und Kosten, Mindestbestellwert, Pfand und alle Zahlungsarten im Überblick.",
    position: 5,
    body: versandZahlung,
  },
  {
    kind: "legal",
    slug: "kundenkarte",
    title: "Bedingungen für die Kundenkarte",
    summary:
      "Antrag und Ausgabe der Frischkorb-Kundenkarte, Bezahlen per SEPA-Lastschrift, PIN, Sperren und Entsperren, Erstattung und Kündigung.",
    position: 6,
    body: kundenkarte,
  },
  {
    kind: "legal",
    slug: "satzung",
    title: "Satzung der Frischkorb eG",
    summary:
      "Auszug aus der Satzung: Beitritt, Geschäftsanteile zu 100 €, Rückvergütung, Kündigung zum Geschäftsjahresende und Stimmrecht.",
    position: 7,
    body: satzung,
  },
  ...contentPages,
];
