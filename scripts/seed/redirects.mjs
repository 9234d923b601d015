// Short, memorable paths (print, signage, old links) and where they lead.
// Internal targets answer with 301, external ones with 302 (see migration 0002).
export default [
  { path: "/filialen", target: "/content/map" },
  { path: "/maerkte", target: "/content/map" },
  { path: "/impressum", target: "/pages/legal/impressum" },
  { path: "/datenschutz", target: "/pages/legal/datenschutz" },
  { path: "/agb", target: "/pages/legal/agb" },
  { path: "/widerruf", target: "/pages/legal/widerrufsbelehrung" },
  { path: "/versand", target: "/pages/legal/versand-zahlung" },
  { path: "/teilhaber", target: "/content/mitgliedschaft" },
  { path: "/news", target: "/content/neuigkeiten" },
  { path: "/karriere", target: "https://karriere.frischkorb.example/" },
  { path: "/angebote", target: "/catalog/category/startseite?sort=recommendation&sale=1" },
];
