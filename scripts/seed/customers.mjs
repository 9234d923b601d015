// Demo customers (README "Demo customers"): one activated with addresses and a wishlist, one that
// has not activated yet, one blocked. All share the demo password.
export const DEMO_PASSWORD = "Frischkorb2026";

export default [
  {
    id: 100001,
    email: "anna.schmidt@example.org",
    firstname: "Anna",
    lastname: "Schmidt",
    dob: "1988-04-17",
    telephone: "+49 341 1234567",
    gender: "w",
    status: "active",
    addresses: [
      {
        id: 200001,
        street: "Karl-Liebknecht-Straße",
        houseNumber: "45",
        addressAddition: "3. OG links",
        zip: "04275",
        city: "Leipzig",
        defaultShipping: true,
        defaultBilling: true,
      },
      {
        id: 200002,
        street: "Gohliser Straße",
        houseNumber: "12a",
        addressAddition: "",
        zip: "04155",
        city: "Leipzig",
        defaultShipping: false,
        defaultBilling: false,
      },
    ],
    wishlist: ["100001", "110001", "130001"],
  },
  {
    id: 100002,
    email: "ben.mueller@example.org",
    firstname: "Ben",
    lastname: "Müller",
    dob: "1995-09-02",
    telephone: "",
    gender: "m",
    status: "pending",
    addresses: [],
    wishlist: [],
  },
  {
    id: 100003,
    email: "clara.weber@example.org",
    firstname: "Clara",
    lastname: "Weber",
    dob: "1979-12-24",
    telephone: "0341 7654321",
    gender: "d",
    status: "blocked",
    addresses: [],
    wishlist: [],
  },
];
