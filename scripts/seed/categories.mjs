// The category tree of the demo range. Ids are URL slugs (/catalog/category/{id}).
// SKUs of a main category start with its two-digit `skuPrefix`.
export default [
  { id: "obst-gemuese", name: "Obst & Gemüse", color: "#5f8f2f", skuPrefix: "10", children: [
    ["obst", "Obst"], ["gemuese", "Gemüse"], ["salate-kraeuter", "Salate & Kräuter"] ] },
  { id: "brot-backwaren", name: "Brot & Backwaren", color: "#a86b32", skuPrefix: "11", children: [
    ["brot", "Brot"], ["broetchen-gebaeck", "Brötchen & Gebäck"], ["kuchen-suesses-gebaeck", "Kuchen & süßes Gebäck"] ] },
  { id: "milch-eier", name: "Milchprodukte & Eier", color: "#3f7fb5", skuPrefix: "12", children: [
    ["milch", "Milch"], ["joghurt-quark", "Joghurt & Quark"], ["butter-sahne", "Butter & Sahne"],
    ["eier", "Eier"], ["pflanzliche-alternativen", "Pflanzliche Alternativen"] ] },
  { id: "kaese", name: "Käse", color: "#c9a227", skuPrefix: "13", children: [
    ["schnittkaese", "Schnittkäse"], ["weichkaese", "Weichkäse"], ["frischkaese", "Frischkäse"], ["reibekaese", "Reibekäse"] ] },
  { id: "fleisch-wurst", name: "Fleisch & Wurst", color: "#b5473f", skuPrefix: "14", children: [
    ["gefluegel", "Geflügel"], ["rind-schwein", "Rind & Schwein"], ["halal-fleisch", "Halal-Fleisch & -Wurst"],
    ["aufschnitt", "Aufschnitt"], ["wuerstchen", "Würstchen"] ] },
  { id: "tiefkuehl", name: "Tiefkühl", color: "#4d9cc4", skuPrefix: "15", children: [
    ["tk-gemuese", "Tiefkühlgemüse"], ["tk-pizza-fertiggerichte", "Pizza & Fertiggerichte"], ["eis", "Eis"] ] },
  { id: "getraenke", name: "Getränke", color: "#2f8f83", skuPrefix: "16", children: [
    ["wasser", "Wasser"], ["saefte", "Säfte"], ["limonaden", "Limonaden & Schorlen"],
    ["bier", "Bier"], ["wein", "Wein & Sekt"], ["spirituosen", "Spirituosen"] ] },
  { id: "kaffee-tee", name: "Kaffee & Tee", color: "#6b4a3a", skuPrefix: "17", children: [
    ["kaffee", "Kaffee"], ["tee", "Tee"], ["kakao", "Kakao & Trinkschokolade"] ] },
  { id: "suesses-snacks", name: "Süßes & Snacks", color: "#c2456f", skuPrefix: "18", children: [
    ["schokolade", "Schokolade"], ["kekse", "Kekse & Gebäck"], ["chips-knabbereien", "Chips & Knabbereien"],
    ["fruchtgummi", "Fruchtgummi & Bonbons"] ] },
  { id: "grundnahrungsmittel", name: "Grundnahrungsmittel", color: "#8a7a3a", skuPrefix: "19", children: [
    ["nudeln-reis", "Nudeln & Reis"], ["mehl-backzutaten", "Mehl & Backzutaten"], ["oel-essig", "Öl & Essig"],
    ["gewuerze", "Gewürze & Saucen"], ["muesli-cerealien", "Müsli & Cerealien"], ["aufstriche", "Aufstriche & Honig"] ] },
  { id: "konserven", name: "Konserven", color: "#7a5c8f", skuPrefix: "20", children: [
    ["gemuesekonserven", "Gemüsekonserven"], ["fischkonserven", "Fischkonserven"],
    ["suppen-eintoepfe", "Suppen & Eintöpfe"], ["obstkonserven", "Obstkonserven"] ] },
  { id: "drogerie-haushalt", name: "Drogerie & Haushalt", color: "#5a6f8f", skuPrefix: "21", children: [
    ["koerperpflege", "Körperpflege"], ["reinigung", "Reinigen & Putzen"], ["papierwaren", "Papierwaren"],
    ["waschmittel", "Waschmittel"] ] },
  { id: "baby", name: "Baby & Kind", color: "#d98a5f", skuPrefix: "22", children: [
    ["babynahrung", "Babynahrung"], ["windeln-pflege", "Windeln & Pflege"] ] },
];
