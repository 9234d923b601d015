// The cooperative's stores. Opening and staffed hours are arrays of 7 days (Monday first, Sunday last),
// each a list of ["HH:MM", "HH:MM"] intervals, [] when closed.
//
// "Hybrid" stores are open longer than they are staffed: outside the staffed hours customers enter with
// their store card and pay at the self-checkouts. The hours follow the state shop-opening laws:
// - Saxony (SächsLadÖffG), Rhineland-Palatinate (LadÖffnG RP): working days 06–22, Sundays closed.
// - Thuringia (ThürLadÖffG): Monday 00:00 to Saturday 20:00, Sundays closed.
// - Saxony-Anhalt (LÖffZeitG LSA): Mon–Fri all day, Saturday until 20:00; since the 2025 amendment fully
//   automated sales points without staff may also open Saturday after 20:00 and on Sundays/holidays.
// - Berlin, Hamburg: Mon–Sat all day, Sundays closed.
// - Brandenburg, Bremen, Hesse, Lower Saxony, Schleswig-Holstein, Baden-Württemberg: Mon–Sat all day.
// - North Rhine-Westphalia, Mecklenburg-Western Pomerania: Mon–Fri all day, Saturday until 22:00.
// - Bavaria (federal LadSchlG), Saarland (LÖG Saarland): working days 06–20.
// Our stores open 06–22 at most (a store may always open shorter than its state allows).
// Phone numbers are extensions of the head office switchboard (0341 98765-0), which routes to the store.
//
// The first 15 stores are written out; the others come from one table per city below (the cooperative's
// home region around Leipzig holds most of them). Two places have several stores at one address: the
// stalls of the Markthalle Leipzig and the stalls in Dresden Hauptbahnhof, each a store of its own with
// its own staffed hours.

const closed = [];
const day = (from, to) => [[from, to]];

/** Mo–Fr, Sa, So, each a list of intervals. */
const week = (weekday, saturday, sunday = closed) => [weekday, weekday, weekday, weekday, weekday, saturday, sunday];

// Hybrid stores are staffed with a lunch break on weekdays and on Saturday mornings.
const HYBRID_STAFFED = week(
  [
    ["08:00", "13:00"],
    ["15:00", "19:00"],
  ],
  day("08:00", "14:00"),
);

const written = [
  {
    id: "leipzig-suedvorstadt",
    name: "Frischkorb Leipzig-Südvorstadt",
    street: "Floßmühlenstraße",
    houseNumber: "14",
    zip: "04275",
    city: "Leipzig",
    phone: "0341 98765-21",
    lat: 51.3248,
    lng: 12.3739,
    clickAndCollect: true,
    opening: week(day("07:00", "21:00"), day("07:00", "21:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "21:00")),
  },
  {
    id: "leipzig-gohlis",
    name: "Frischkorb Leipzig-Gohlis",
    street: "Lindenthaler Weg",
    houseNumber: "23",
    zip: "04155",
    city: "Leipzig",
    phone: "0341 98765-22",
    lat: 51.3597,
    lng: 12.3712,
    clickAndCollect: true,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "leipzig-plagwitz",
    name: "Frischkorb Leipzig-Plagwitz",
    street: "Am Kanalbogen",
    houseNumber: "8a",
    zip: "04229",
    city: "Leipzig",
    phone: "0341 98765-23",
    lat: 51.3281,
    lng: 12.3363,
    clickAndCollect: false,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "dresden-neustadt",
    name: "Frischkorb Dresden-Neustadt",
    street: "Holunderstraße",
    houseNumber: "5",
    zip: "01099",
    city: "Dresden",
    phone: "0341 98765-31",
    lat: 51.0663,
    lng: 13.7541,
    clickAndCollect: true,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "dresden-loebtau",
    name: "Frischkorb Dresden-Löbtau",
    street: "Weißeritzufer",
    houseNumber: "41",
    zip: "01159",
    city: "Dresden",
    phone: "0341 98765-32",
    lat: 51.0418,
    lng: 13.7049,
    clickAndCollect: true,
    opening: week(day("07:00", "21:00"), day("07:00", "20:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "20:00")),
  },
  {
    id: "chemnitz-kassberg",
    name: "Frischkorb Chemnitz-Kaßberg",
    street: "Am Kaßbergbogen",
    houseNumber: "4",
    zip: "09112",
    city: "Chemnitz",
    phone: "0341 98765-41",
    lat: 50.8344,
    lng: 12.9063,
    clickAndCollect: true,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "halle-paulusviertel",
    name: "Frischkorb Halle-Paulusviertel",
    street: "Lerchenfeldweg",
    houseNumber: "11",
    zip: "06114",
    city: "Halle (Saale)",
    phone: "0341 98765-51",
    lat: 51.4929,
    lng: 11.9668,
    clickAndCollect: true,
    // Saxony-Anhalt: Saturday after 20:00 and Sunday only without staff, card access and self-checkout.
    opening: week(day("06:00", "22:00"), day("06:00", "22:00"), day("08:00", "20:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "jena-zentrum",
    name: "Frischkorb Jena-Zentrum",
    street: "Kahlaische Gasse",
    houseNumber: "6",
    zip: "07743",
    city: "Jena",
    phone: "0341 98765-61",
    lat: 50.9277,
    lng: 11.5876,
    clickAndCollect: false,
    // Thuringia: Saturday until 20:00.
    opening: week(day("07:00", "21:00"), day("07:00", "20:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "20:00")),
  },
  {
    id: "erfurt-altstadt",
    name: "Frischkorb Erfurt-Altstadt",
    street: "Krämergasse",
    houseNumber: "9",
    zip: "99084",
    city: "Erfurt",
    phone: "0341 98765-62",
    lat: 50.9781,
    lng: 11.0302,
    clickAndCollect: true,
    // Thuringia: Saturday until 20:00.
    opening: week(day("06:00", "22:00"), day("06:00", "20:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "weimar-zentrum",
    name: "Frischkorb Weimar-Zentrum",
    street: "Am Schwanseebogen",
    houseNumber: "17",
    zip: "99423",
    city: "Weimar",
    phone: "0341 98765-63",
    lat: 50.9803,
    lng: 11.3262,
    clickAndCollect: false,
    opening: week(day("07:00", "20:00"), day("07:00", "18:00")),
    staffed: week(day("07:00", "20:00"), day("07:00", "18:00")),
  },
  {
    id: "zwickau-zentrum",
    name: "Frischkorb Zwickau-Zentrum",
    street: "Muldenstraße",
    houseNumber: "32",
    zip: "08056",
    city: "Zwickau",
    phone: "0341 98765-42",
    lat: 50.7183,
    lng: 12.4962,
    clickAndCollect: false,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "plauen-zentrum",
    name: "Frischkorb Plauen-Zentrum",
    street: "Spitzenweg",
    houseNumber: "3",
    zip: "08523",
    city: "Plauen",
    phone: "0341 98765-43",
    lat: 50.4953,
    lng: 12.1368,
    clickAndCollect: false,
    opening: week(day("07:00", "21:00"), day("07:00", "21:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "21:00")),
  },
  {
    id: "magdeburg-altstadt",
    name: "Frischkorb Magdeburg-Altstadt",
    street: "Elbuferpromenade",
    houseNumber: "27",
    zip: "39104",
    city: "Magdeburg",
    phone: "0341 98765-52",
    lat: 52.1296,
    lng: 11.6352,
    clickAndCollect: true,
    // Saxony-Anhalt: Saturday after 20:00 and Sunday only without staff, card access and self-checkout.
    opening: week(day("06:00", "22:00"), day("06:00", "22:00"), day("08:00", "20:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "berlin-prenzlauer-berg",
    name: "Frischkorb Berlin-Prenzlauer Berg",
    street: "Kastanienhof",
    houseNumber: "12a",
    zip: "10437",
    city: "Berlin",
    phone: "0341 98765-71",
    lat: 52.5436,
    lng: 13.4158,
    clickAndCollect: true,
    opening: week(day("06:00", "22:00"), day("06:00", "22:00")),
    staffed: HYBRID_STAFFED,
  },
  {
    id: "hamburg-ottensen",
    name: "Frischkorb Hamburg-Ottensen",
    street: "Bei der Kornmühle",
    houseNumber: "19",
    zip: "22765",
    city: "Hamburg",
    phone: "0341 98765-81",
    lat: 53.5531,
    lng: 9.9254,
    clickAndCollect: true,
    opening: week(day("07:00", "21:00"), day("07:00", "21:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "21:00")),
  },
];

/** What each state's law lets our stores open (Monday–Saturday; see the header), Sunday closed. */
const SIX_TO_TEN = week(day("06:00", "22:00"), day("06:00", "22:00"));
const SEVEN_TO_NINE = week(day("07:00", "21:00"), day("07:00", "21:00"));
const LAW = {
  // Saturday until 20:00 with staff; Saxony-Anhalt's stores stay open without staff after that and on Sundays.
  ST: {
    hybrid: week(day("06:00", "22:00"), day("06:00", "22:00"), day("08:00", "20:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "20:00")),
  },
  TH: {
    hybrid: week(day("06:00", "22:00"), day("06:00", "20:00")),
    staffed: week(day("07:00", "21:00"), day("07:00", "20:00")),
  },
  BY: {
    hybrid: week(day("06:00", "20:00"), day("06:00", "20:00")),
    staffed: week(day("07:00", "20:00"), day("07:00", "20:00")),
  },
};
for (const state of ["SN", "RP", "BE", "BB", "HB", "HH", "HE", "NI", "SH", "BW", "NW", "MV"])
  LAW[state] = { hybrid: SIX_TO_TEN, staffed: SEVEN_TO_NINE };
LAW.SL = LAW.BY;

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// Extensions 100 and up; the written stores have two-digit ones.
let extension = 100;
const phone = () => `0341 98765-${extension++}`;

/**
 * The stores of one city: rows of [district, street, house number, postcode, latitude, longitude, kind],
 * kind "H" hybrid with click & collect, "h" hybrid without, "S" staffed all opening hours with click &
 * collect, "s" staffed without. The id is "{town}-{district}", the name "Frischkorb {town}-{district}".
 */
function city(name, state, rows, town = name) {
  return rows.map(([district, street, houseNumber, zip, lat, lng, kind]) => {
    const hybrid = kind.toLowerCase() === "h";
    return {
      id: `${slug(town)}-${slug(district)}`,
      name: `Frischkorb ${town}-${district}`,
      street,
      houseNumber,
      zip,
      city: name,
      phone: phone(),
      lat,
      lng,
      clickAndCollect: kind === kind.toUpperCase(),
      opening: hybrid ? LAW[state].hybrid : LAW[state].staffed,
      staffed: hybrid ? HYBRID_STAFFED : LAW[state].staffed,
    };
  });
}

/**
 * Stalls at one address, each a store of its own that is open while it is staffed. They stand a few
 * metres apart on a small circle around the address's point (the map spreads them apart when zoomed in).
 */
function stalls(place, rows) {
  const radius = place.radiusMetres / 111_320; // degrees of latitude
  return rows.map(([stall, hours, clickAndCollect], i) => {
    const angle = (2 * Math.PI * i) / rows.length;
    return {
      id: `${place.id}-${slug(stall)}`,
      name: `${place.name} – ${stall}`,
      street: place.street,
      houseNumber: place.houseNumber,
      zip: place.zip,
      city: place.city,
      phone: phone(),
      lat: Number((place.lat + radius * Math.sin(angle)).toFixed(6)),
      lng: Number((place.lng + (radius * Math.cos(angle)) / Math.cos((place.lat * Math.PI) / 180)).toFixed(6)),
      clickAndCollect,
      opening: hours,
      staffed: hours,
    };
  });
}

const MARKTHALLE = {
  id: "leipzig-markthalle",
  name: "Frischkorb Markthalle Leipzig",
  street: "Roßplatz",
  houseNumber: "9",
  zip: "04103",
  city: "Leipzig",
  lat: 51.33585,
  lng: 12.3801,
  radiusMetres: 5,
};

const HAUPTBAHNHOF_DRESDEN = {
  id: "dresden-hauptbahnhof",
  name: "Frischkorb Dresden Hauptbahnhof",
  street: "Wiener Platz",
  houseNumber: "4",
  zip: "01069",
  city: "Dresden",
  lat: 51.04035,
  lng: 13.73235,
  radiusMetres: 4,
};

const generated = [
  // Central Germany, the cooperative's home region around Leipzig
  ...city("Leipzig", "SN", [
    ["Zentrum", "Katharinenstraße", "11", "04109", 51.3421, 12.3752, "S"],
    ["Connewitz", "Wolfgang-Heinze-Straße", "32", "04277", 51.3087, 12.3788, "H"],
    ["Reudnitz", "Dresdner Straße", "58", "04317", 51.3356, 12.4061, "H"],
    ["Lindenau", "Lützner Straße", "61", "04177", 51.3381, 12.3312, "h"],
    ["Schleußig", "Könneritzstraße", "44", "04229", 51.3232, 12.3391, "S"],
    ["Grünau", "Stuttgarter Allee", "16", "04209", 51.3198, 12.2883, "H"],
    ["Paunsdorf", "Riesaer Straße", "71", "04328", 51.3478, 12.4562, "h"],
    ["Möckern", "Georg-Schumann-Straße", "240", "04159", 51.3679, 12.3484, "H"],
    ["Eutritzsch", "Delitzscher Straße", "88", "04129", 51.3651, 12.3853, "s"],
    ["Stötteritz", "Holzhäuser Straße", "25", "04299", 51.3241, 12.4203, "H"],
    ["Anger-Crottendorf", "Zweinaundorfer Straße", "40", "04318", 51.3392, 12.4251, "h"],
    ["Probstheida", "Prager Straße", "190", "04289", 51.3068, 12.4249, "S"],
    ["Mockau", "Mockauer Straße", "95", "04357", 51.3802, 12.4018, "h"],
    ["Leutzsch", "Georg-Schwarz-Straße", "141", "04179", 51.3488, 12.3131, "H"],
    ["Engelsdorf", "Sommerfelder Straße", "12", "04319", 51.3379, 12.4903, "h"],
    ["Lößnig", "Zwickauer Straße", "140", "04279", 51.3038, 12.3962, "S"],
    ["Wahren", "Linkelstraße", "20", "04159", 51.3781, 12.3318, "h"],
  ]),
  ...stalls(MARKTHALLE, [
    ["Bäckerei", week(day("07:00", "18:00"), day("07:00", "13:00")), false],
    ["Fleischerei", week(day("08:00", "18:00"), day("08:00", "14:00")), false],
    ["Käsetheke", week(day("09:00", "19:00"), day("09:00", "16:00")), true],
    ["Obst & Gemüse", week(day("07:00", "19:00"), day("07:00", "16:00")), true],
    // fresh fish from Tuesday to Saturday
    ["Fisch", [closed, ...week(day("09:00", "18:00"), day("08:00", "14:00")).slice(1)], false],
    ["Feinkost", week(day("10:00", "19:00"), day("10:00", "18:00")), false],
    ["Getränke", week(day("08:00", "20:00"), day("08:00", "20:00")), true],
    ["Bio-Ecke", week(day("09:00", "19:00"), day("09:00", "16:00")), true],
    ["Café", week(day("08:00", "19:00"), day("09:00", "18:00")), false],
    ["Blumen", week(day("09:00", "18:00"), day("09:00", "14:00")), false],
  ]),
  ...city(
    "Halle (Saale)",
    "ST",
    [
      ["Altstadt", "Große Ulrichstraße", "30", "06108", 51.4851, 11.9689, "S"],
      ["Giebichenstein", "Burgstraße", "19", "06114", 51.5013, 11.9562, "h"],
      ["Neustadt", "Neustädter Passage", "12", "06122", 51.4809, 11.9182, "H"],
      ["Silberhöhe", "Hanoier Straße", "5", "06132", 51.4402, 11.9701, "h"],
      ["Kröllwitz", "Talstraße", "8", "06120", 51.5049, 11.9381, "s"],
      ["Südstadt", "Elsa-Brändström-Straße", "60", "06130", 51.4581, 11.9779, "H"],
    ],
    "Halle",
  ),
  ...city("Markkleeberg", "SN", [
    ["Mitte", "Rathausstraße", "24", "04416", 51.2779, 12.3721, "H"],
    ["Ost", "Koburger Straße", "50", "04416", 51.2832, 12.3979, "h"],
  ]),
  ...city("Taucha", "SN", [["Zentrum", "Leipziger Straße", "60", "04425", 51.3801, 12.4879, "h"]]),
  ...city("Schkeuditz", "SN", [["Zentrum", "Rathausplatz", "3", "04435", 51.3961, 12.2219, "H"]]),
  ...city("Markranstädt", "SN", [["Zentrum", "Leipziger Straße", "22", "04420", 51.3009, 12.2231, "h"]]),
  ...city("Delitzsch", "SN", [
    ["Altstadt", "Breite Straße", "30", "04509", 51.5259, 12.3421, "H"],
    ["Nord", "Dübener Straße", "10", "04509", 51.5331, 12.3469, "h"],
  ]),
  ...city("Eilenburg", "SN", [["Zentrum", "Torgauer Straße", "16", "04838", 51.4601, 12.6349, "H"]]),
  ...city("Bad Düben", "SN", [["Zentrum", "Neumarkt", "8", "04849", 51.5919, 12.5829, "s"]]),
  ...city("Wurzen", "SN", [["Zentrum", "Jacobsplatz", "5", "04808", 51.3699, 12.7391, "H"]]),
  ...city("Grimma", "SN", [
    ["Altstadt", "Lange Straße", "20", "04668", 51.2371, 12.7249, "S"],
    ["Süd", "Leipziger Straße", "91", "04668", 51.2301, 12.7181, "h"],
  ]),
  ...city("Borna", "SN", [["Zentrum", "Sachsenallee", "17", "04552", 51.1229, 12.4969, "H"]]),
  ...city("Torgau", "SN", [["Zentrum", "Leipziger Straße", "33", "04860", 51.5601, 12.9979, "h"]]),
  ...city("Oschatz", "SN", [["Zentrum", "Altmarkt", "4", "04758", 51.2999, 13.1081, "s"]]),
  ...city("Döbeln", "SN", [["Zentrum", "Bahnhofstraße", "20", "04720", 51.1221, 13.1169, "H"]]),
  ...city("Merseburg", "ST", [
    ["Altstadt", "Gotthardstraße", "22", "06217", 51.3559, 11.9931, "H"],
    ["Süd", "Kastanienpromenade", "3", "06217", 51.3479, 11.9871, "h"],
  ]),
  ...city("Weißenfels", "ST", [
    ["Zentrum", "Jüdenstraße", "14", "06667", 51.1999, 11.9681, "S"],
    ["West", "Naumburger Straße", "66", "06667", 51.1961, 11.9499, "h"],
  ]),
  ...city(
    "Naumburg (Saale)",
    "ST",
    [
      ["Zentrum", "Marienstraße", "8", "06618", 51.1519, 11.8101, "H"],
      ["Ost", "Weißenfelser Straße", "45", "06618", 51.1561, 11.8289, "s"],
    ],
    "Naumburg",
  ),
  ...city("Zeitz", "ST", [
    ["Zentrum", "Altmarkt", "9", "06712", 51.0489, 12.1381, "h"],
    ["Süd", "Geraer Straße", "30", "06712", 51.0421, 12.1299, "S"],
  ]),
  ...city(
    "Bitterfeld-Wolfen",
    "ST",
    [
      ["Bitterfeld", "Burgstraße", "28", "06749", 51.6229, 12.3251, "H"],
      ["Wolfen", "Leipziger Straße", "80", "06766", 51.6601, 12.2799, "h"],
    ],
    "Bitterfeld-Wolfen",
  ),
  ...city(
    "Dessau-Roßlau",
    "ST",
    [
      ["Zentrum", "Zerbster Straße", "12", "06844", 51.8349, 12.2431, "H"],
      ["Nord", "Heidestraße", "40", "06842", 51.8551, 12.2349, "h"],
      ["Süd", "Oranienbaumer Straße", "33", "06847", 51.8099, 12.2601, "s"],
    ],
    "Dessau",
  ),
  ...city(
    "Köthen (Anhalt)",
    "ST",
    [["Zentrum", "Schalaunische Straße", "20", "06366", 51.7511, 11.9739, "h"]],
    "Köthen",
  ),
  ...city(
    "Lutherstadt Eisleben",
    "ST",
    [["Zentrum", "Sangerhäuser Straße", "4", "06295", 51.5271, 11.5449, "H"]],
    "Eisleben",
  ),
  ...city("Magdeburg", "ST", [["Stadtfeld", "Große Diesdorfer Straße", "60", "39108", 52.1291, 11.6079, "H"]]),
  ...city("Altenburg", "TH", [
    ["Altstadt", "Sporenstraße", "12", "04600", 50.9999, 12.4361, "H"],
    ["Nord", "Leipziger Straße", "70", "04600", 51.0081, 12.4399, "h"],
  ]),
  ...city("Gera", "TH", [
    ["Zentrum", "Sorge", "19", "07545", 50.8791, 12.0799, "S"],
    ["Lusan", "Zeulsdorfer Straße", "88", "07549", 50.8529, 12.1071, "H"],
    ["Untermhaus", "Greizer Straße", "37", "07548", 50.8651, 12.0649, "h"],
    ["Ostvorstadt", "Bieblacher Straße", "14", "07546", 50.8899, 12.0951, "h"],
  ]),
  ...city("Jena", "TH", [
    ["Lobeda", "Karl-Marx-Allee", "12", "07747", 50.8879, 11.6081, "H"],
    ["Winzerla", "Oßmaritzer Straße", "10", "07745", 50.9021, 11.5699, "h"],
    ["Ost", "Karl-Liebknecht-Straße", "70", "07749", 50.9329, 11.6081, "S"],
  ]),
  ...city("Weimar", "TH", [["Nord", "Ettersburger Straße", "50", "99427", 50.9951, 11.3199, "H"]]),
  ...city("Erfurt", "TH", [
    ["Krämpfervorstadt", "Krämpferstraße", "30", "99085", 50.9801, 11.0449, "H"],
    ["Löbervorstadt", "Löberstraße", "20", "99096", 50.9681, 11.0301, "s"],
    ["Moskauer Platz", "Moskauer Platz", "8", "99091", 51.0029, 11.0201, "h"],
  ]),
  ...city("Chemnitz", "SN", [
    ["Zentrum", "Straße der Nationen", "12", "09111", 50.8349, 12.9231, "S"],
    ["Sonnenberg", "Fürstenstraße", "60", "09130", 50.8371, 12.9399, "h"],
    ["Bernsdorf", "Bernsdorfer Straße", "90", "09126", 50.8161, 12.9299, "H"],
    ["Schloßchemnitz", "Leipziger Straße", "110", "09113", 50.8521, 12.9049, "h"],
    ["Kappel", "Zwickauer Straße", "222", "09116", 50.8251, 12.8749, "H"],
  ]),
  ...city("Zwickau", "SN", [
    ["Marienthal", "Marienthaler Straße", "120", "08060", 50.7121, 12.4679, "H"],
    ["Eckersbach", "Scheffelstraße", "40", "08066", 50.7279, 12.5151, "h"],
  ]),
  ...city("Mittweida", "SN", [["Zentrum", "Rochlitzer Straße", "5", "09648", 50.9859, 12.9781, "h"]]),
  ...city("Freiberg", "SN", [["Altstadt", "Burgstraße", "12", "09599", 50.9171, 13.3419, "H"]]),
  ...city("Riesa", "SN", [["Zentrum", "Hauptstraße", "40", "01587", 51.3079, 13.2931, "h"]]),
  ...city("Meißen", "SN", [["Altstadt", "Elbstraße", "8", "01662", 51.1631, 13.4729, "S"]]),
  ...city("Dresden", "SN", [
    ["Striesen", "Schandauer Straße", "50", "01309", 51.0449, 13.7901, "H"],
    ["Blasewitz", "Loschwitzer Straße", "30", "01309", 51.0501, 13.7999, "h"],
    ["Pieschen", "Leipziger Straße", "102", "01127", 51.0759, 13.7281, "H"],
    ["Gorbitz", "Merianplatz", "2", "01169", 51.0441, 13.6619, "h"],
    ["Prohlis", "Prohliser Allee", "10", "01239", 51.0009, 13.7951, "H"],
    ["Johannstadt", "Pfotenhauerstraße", "40", "01307", 51.0521, 13.7699, "s"],
    ["Klotzsche", "Königsbrücker Landstraße", "80", "01109", 51.1149, 13.7751, "h"],
    ["Südvorstadt", "Münchner Straße", "22", "01187", 51.0329, 13.7301, "S"],
  ]),
  ...stalls(HAUPTBAHNHOF_DRESDEN, [
    ["Backstube", week(day("06:00", "20:00"), day("07:00", "18:00")), false],
    ["Frischetheke", week(day("07:00", "21:00"), day("08:00", "20:00")), true],
    ["Getränke", week(day("06:00", "22:00"), day("06:00", "22:00")), false],
    ["Reiseproviant", week(day("06:00", "22:00"), day("07:00", "22:00")), false],
  ]),

  // The rest of Germany
  ...city("Berlin", "BE", [
    ["Mitte", "Invalidenstraße", "40", "10115", 52.5301, 13.3849, "S"],
    ["Kreuzberg", "Wrangelstraße", "50", "10997", 52.5009, 13.4381, "H"],
    ["Neukölln", "Karl-Marx-Straße", "90", "12043", 52.4801, 13.4379, "h"],
    ["Friedrichshain", "Boxhagener Straße", "40", "10245", 52.5109, 13.4601, "H"],
    ["Charlottenburg", "Wilmersdorfer Straße", "70", "10627", 52.5131, 13.3059, "S"],
    ["Wedding", "Müllerstraße", "140", "13353", 52.5489, 13.3551, "h"],
    ["Schöneberg", "Akazienstraße", "20", "10823", 52.4891, 13.3529, "H"],
    ["Steglitz", "Schloßstraße", "30", "12163", 52.4569, 13.3211, "h"],
    ["Pankow", "Breite Straße", "20", "13187", 52.5691, 13.4019, "H"],
  ]),
  ...city("Potsdam", "BB", [["Innenstadt", "Brandenburger Straße", "40", "14467", 52.3999, 13.0551, "H"]]),
  ...city("Hamburg", "HH", [
    ["St. Georg", "Lange Reihe", "60", "20099", 53.5559, 10.0121, "H"],
    ["Sternschanze", "Schulterblatt", "80", "20357", 53.5631, 9.9639, "h"],
    ["Eimsbüttel", "Osterstraße", "110", "20259", 53.5749, 9.9511, "H"],
    ["Eppendorf", "Eppendorfer Baum", "20", "20249", 53.5851, 9.9829, "S"],
    ["Barmbek", "Fuhlsbüttler Straße", "100", "22305", 53.5879, 10.0441, "h"],
    ["Wandsbek", "Wandsbeker Marktstraße", "60", "22041", 53.5721, 10.0689, "H"],
    ["Harburg", "Lüneburger Straße", "30", "21073", 53.4609, 9.9831, "h"],
    ["Winterhude", "Mühlenkamp", "40", "22303", 53.5851, 10.0129, "S"],
  ]),
  ...city("Lübeck", "SH", [["Altstadt", "Breite Straße", "40", "23552", 53.8679, 10.6861, "H"]]),
  ...city("Kiel", "SH", [["Zentrum", "Holstenstraße", "50", "24103", 54.3221, 10.1349, "h"]]),
  ...city("Rostock", "MV", [
    ["Stadtmitte", "Kröpeliner Straße", "40", "18055", 54.0889, 12.1351, "H"],
    ["KTV", "Doberaner Straße", "60", "18057", 54.0921, 12.1149, "h"],
  ]),
  ...city("Bremen", "HB", [
    ["Mitte", "Obernstraße", "40", "28195", 53.0769, 8.8051, "S"],
    ["Viertel", "Ostertorsteinweg", "50", "28203", 53.0731, 8.8219, "h"],
  ]),
  ...city("Hannover", "NI", [
    ["Mitte", "Georgstraße", "20", "30159", 52.3741, 9.7379, "H"],
    ["Linden", "Limmerstraße", "50", "30451", 52.3751, 9.7119, "h"],
  ]),
  ...city("Münster", "NW", [["Altstadt", "Ludgeristraße", "40", "48143", 51.9599, 7.6271, "H"]]),
  ...city("Düsseldorf", "NW", [["Stadtmitte", "Graf-Adolf-Straße", "40", "40210", 51.2189, 6.7831, "S"]]),
  ...city("Köln", "NW", [
    ["Altstadt", "Breite Straße", "100", "50667", 50.9389, 6.9511, "H"],
    ["Belgisches Viertel", "Brüsseler Straße", "50", "50672", 50.9371, 6.9329, "h"],
    ["Nippes", "Neusser Straße", "200", "50733", 50.9619, 6.9561, "H"],
    ["Sülz", "Berrenrather Straße", "150", "50937", 50.9201, 6.9229, "h"],
    ["Ehrenfeld", "Venloer Straße", "300", "50823", 50.9489, 6.9181, "S"],
  ]),
  ...city(
    "Frankfurt am Main",
    "HE",
    [
      ["Innenstadt", "Töngesgasse", "30", "60311", 50.1131, 8.6849, "S"],
      ["Nordend", "Berger Straße", "80", "60316", 50.1219, 8.6961, "H"],
      ["Sachsenhausen", "Schweizer Straße", "50", "60594", 50.1009, 8.6831, "h"],
      ["Bockenheim", "Leipziger Straße", "40", "60487", 50.1211, 8.6439, "H"],
    ],
    "Frankfurt",
  ),
  ...city("Wiesbaden", "HE", [["Innenstadt", "Marktstraße", "20", "65183", 50.0819, 8.2431, "h"]]),
  ...city("Mainz", "RP", [["Altstadt", "Augustinerstraße", "30", "55116", 49.9969, 8.2751, "H"]]),
  ...city("Saarbrücken", "SL", [["Innenstadt", "Bahnhofstraße", "60", "66111", 49.2361, 6.9929, "H"]]),
  ...city("Stuttgart", "BW", [
    ["Mitte", "Eberhardstraße", "30", "70173", 48.7741, 9.1769, "S"],
    ["Süd", "Tübinger Straße", "80", "70178", 48.7669, 9.1701, "h"],
    ["Bad Cannstatt", "Marktstraße", "30", "70372", 48.8049, 9.2151, "H"],
  ]),
  ...city(
    "Freiburg im Breisgau",
    "BW",
    [["Altstadt", "Kaiser-Joseph-Straße", "200", "79098", 47.9959, 7.8491, "H"]],
    "Freiburg",
  ),
  ...city("Nürnberg", "BY", [
    ["Altstadt", "Breite Gasse", "40", "90402", 49.4499, 11.0731, "S"],
    ["Gostenhof", "Fürther Straße", "60", "90429", 49.4511, 11.0549, "h"],
    ["Südstadt", "Wölckernstraße", "30", "90459", 49.4369, 11.0851, "H"],
  ]),
  ...city("München", "BY", [
    ["Altstadt", "Sendlinger Straße", "40", "80331", 48.1349, 11.5701, "S"],
    ["Glockenbachviertel", "Fraunhoferstraße", "20", "80469", 48.1311, 11.5749, "H"],
    ["Maxvorstadt", "Türkenstraße", "60", "80799", 48.1531, 11.5779, "h"],
    ["Schwabing", "Leopoldstraße", "160", "80804", 48.1651, 11.5849, "H"],
    ["Haidhausen", "Weißenburger Straße", "20", "81667", 48.1289, 11.5961, "h"],
    ["Neuhausen", "Nymphenburger Straße", "140", "80636", 48.1529, 11.5381, "H"],
    ["Sendling", "Plinganserstraße", "40", "81369", 48.1149, 11.5431, "s"],
    ["Giesing", "Tegernseer Landstraße", "80", "81539", 48.1101, 11.5809, "H"],
  ]),
  ...city("Augsburg", "BY", [["Innenstadt", "Maximilianstraße", "30", "86150", 48.3651, 10.8979, "h"]]),
];

export default [...written, ...generated];
