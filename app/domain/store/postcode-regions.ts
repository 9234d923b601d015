/**
 * A point for each of Germany's two-digit postcode regions (Leitregionen 01–99; 00, 05, 11, 43 and
 * 62 are not in use), to tell how far a customer's postcode is from a store without asking a
 * geocoding service (decision 0023).
 *
 * Precision: a region spans 30 to 150 km. Its point lies in its largest city (where most of its
 * customers live), not in its geometric middle, so a distance from it is about right in that city
 * and may be off by 20 to 50 km in the region's countryside. That is enough to put the stores near a
 * customer first; the page says the distances are rough. Two postcodes of one region get the same
 * point. Values are [latitude, longitude] in degrees, rounded to 0.05°.
 */
export const POSTCODE_REGION_POINTS: Readonly<Record<string, readonly [number, number]>> = {
  "01": [51.05, 13.75], // Dresden
  "02": [51.2, 14.45], // Bautzen, Görlitz
  "03": [51.75, 14.35], // Cottbus
  "04": [51.35, 12.35], // Leipzig
  "06": [51.5, 11.95], // Halle (Saale)
  "07": [50.9, 11.85], // Gera, Jena
  "08": [50.65, 12.45], // Zwickau, Plauen
  "09": [50.85, 12.9], // Chemnitz
  "10": [52.5, 13.4], // Berlin (Mitte, Kreuzberg, Friedrichshain)
  "12": [52.45, 13.45], // Berlin (south and east)
  "13": [52.55, 13.3], // Berlin (north and west)
  "14": [52.4, 13.0], // Potsdam
  "15": [52.35, 13.95], // Fürstenwalde, Frankfurt (Oder)
  "16": [52.8, 13.5], // Oranienburg, Eberswalde
  "17": [53.65, 13.4], // Neubrandenburg, Greifswald
  "18": [54.1, 12.4], // Rostock, Stralsund
  "19": [53.6, 11.4], // Schwerin
  "20": [53.55, 10.0], // Hamburg (centre)
  "21": [53.4, 9.95], // Hamburg-Harburg, Lüneburg, Stade
  "22": [53.6, 10.05], // Hamburg (north and east), Norderstedt
  "23": [53.85, 10.7], // Lübeck
  "24": [54.3, 10.05], // Kiel
  "25": [53.95, 9.4], // Elmshorn, Itzehoe, Husum
  "26": [53.2, 7.95], // Oldenburg, Wilhelmshaven, Emden
  "27": [53.35, 8.8], // Bremerhaven, Cuxhaven, Verden
  "28": [53.1, 8.8], // Bremen
  "29": [52.75, 10.2], // Celle, Uelzen
  "30": [52.35, 9.75], // Hannover
  "31": [52.15, 9.65], // Hildesheim, Hameln
  "32": [52.15, 8.8], // Minden, Herford, Detmold
  "33": [51.9, 8.5], // Bielefeld, Paderborn, Gütersloh
  "34": [51.3, 9.45], // Kassel
  "35": [50.65, 8.7], // Gießen, Marburg, Wetzlar
  "36": [50.6, 9.7], // Fulda
  "37": [51.55, 9.95], // Göttingen
  "38": [52.25, 10.55], // Braunschweig, Wolfsburg
  "39": [52.15, 11.6], // Magdeburg
  "40": [51.25, 6.8], // Düsseldorf
  "41": [51.2, 6.5], // Mönchengladbach, Neuss
  "42": [51.25, 7.1], // Wuppertal, Solingen
  "44": [51.5, 7.35], // Dortmund, Bochum
  "45": [51.5, 7.05], // Essen, Gelsenkirchen
  "46": [51.6, 6.85], // Oberhausen, Bottrop, Bocholt
  "47": [51.4, 6.65], // Duisburg, Krefeld
  "48": [52.0, 7.6], // Münster
  "49": [52.3, 7.95], // Osnabrück
  "50": [50.9, 6.85], // Köln (left of the Rhine), Rhein-Erft
  "51": [50.95, 7.1], // Köln (right of the Rhine), Leverkusen
  "52": [50.8, 6.3], // Aachen, Düren
  "53": [50.7, 7.15], // Bonn
  "54": [49.8, 6.7], // Trier
  "55": [49.95, 8.05], // Mainz, Bad Kreuznach
  "56": [50.4, 7.55], // Koblenz
  "57": [50.85, 7.95], // Siegen
  "58": [51.35, 7.55], // Hagen, Iserlohn
  "59": [51.6, 7.95], // Hamm, Soest
  "60": [50.1, 8.65], // Frankfurt am Main
  "61": [50.3, 8.7], // Bad Homburg, Friedberg
  "63": [50.05, 9.0], // Offenbach, Hanau, Aschaffenburg
  "64": [49.85, 8.65], // Darmstadt
  "65": [50.1, 8.25], // Wiesbaden
  "66": [49.25, 7.05], // Saarbrücken
  "67": [49.45, 8.1], // Ludwigshafen, Kaiserslautern
  "68": [49.5, 8.5], // Mannheim
  "69": [49.4, 8.7], // Heidelberg
  "70": [48.8, 9.2], // Stuttgart
  "71": [48.8, 9.1], // Böblingen, Ludwigsburg, Waiblingen
  "72": [48.5, 9.1], // Tübingen, Reutlingen
  "73": [48.75, 9.6], // Esslingen, Göppingen, Aalen
  "74": [49.15, 9.3], // Heilbronn
  "75": [48.9, 8.7], // Pforzheim
  "76": [49.0, 8.4], // Karlsruhe
  "77": [48.5, 7.95], // Offenburg
  "78": [47.9, 8.7], // Villingen-Schwenningen, Konstanz
  "79": [47.95, 7.85], // Freiburg im Breisgau
  "80": [48.15, 11.55], // München (centre and north)
  "81": [48.1, 11.6], // München (east and south)
  "82": [48.0, 11.3], // Starnberg, Fürstenfeldbruck
  "83": [47.85, 12.2], // Rosenheim, Traunstein
  "84": [48.5, 12.3], // Landshut
  "85": [48.55, 11.6], // Ingolstadt, Freising
  "86": [48.35, 10.9], // Augsburg
  "87": [47.75, 10.35], // Kempten
  "88": [47.75, 9.6], // Ravensburg, Friedrichshafen
  "89": [48.4, 10.0], // Ulm
  "90": [49.45, 11.05], // Nürnberg
  "91": [49.4, 10.8], // Erlangen, Ansbach
  "92": [49.5, 12.0], // Amberg, Weiden
  "93": [49.0, 12.1], // Regensburg
  "94": [48.6, 13.2], // Passau
  "95": [50.05, 11.8], // Bayreuth, Hof
  "96": [50.0, 10.95], // Bamberg, Coburg
  "97": [49.8, 9.95], // Würzburg
  "98": [50.6, 10.65], // Suhl, Meiningen
  "99": [51.0, 11.0], // Erfurt
};
