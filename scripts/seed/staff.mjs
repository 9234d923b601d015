// The back office's demo staff (issue 32): one of each role, for the development sign-in that
// stands in for Cloudflare Access locally. Demo data only: a deployed database gets no staff from
// the seed; its first admin is added by hand (README, "The back office").
export const staff = [
  { id: 1, email: "paula.pick@frischkorb.example", name: "Paula Pick", role: "fulfilment", store_id: "leipzig-gohlis" },
  { id: 2, email: "lars.lager@frischkorb.example", name: "Lars Lager", role: "fulfilment", store_id: null },
  { id: 3, email: "sina.support@frischkorb.example", name: "Sina Support", role: "support", store_id: null },
  { id: 4, email: "gero.genosse@frischkorb.example", name: "Gero Genosse", role: "cooperative", store_id: null },
  { id: 5, email: "ada.admin@frischkorb.example", name: "Ada Admin", role: "admin", store_id: null },
  { id: 6, email: "rudi.regal@frischkorb.example", name: "Rudi Regal", role: "range", store_id: null },
  { id: 7, email: "mia.marketing@frischkorb.example", name: "Mia Marketing", role: "marketing", store_id: null },
  { id: 8, email: "sven.standort@frischkorb.example", name: "Sven Standort", role: "stores", store_id: null },
];
