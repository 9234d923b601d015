import { describe, expect, it } from "vitest";
import { addressLine, addressLines, addressName } from "~/domain/address/format";

const home = { street: "Hauptstraße", houseNumber: "5a", addressAddition: "", zip: "10115", city: "Berlin" };

describe("an address written out", () => {
  it("puts street and number, then postcode and city, on their own lines", () => {
    expect(addressLines(home)).toEqual(["Hauptstraße 5a", "10115 Berlin"]);
  });

  it("gives an addition a line of its own between them", () => {
    expect(addressLines({ ...home, addressAddition: "Hinterhaus" })).toEqual([
      "Hauptstraße 5a",
      "Hinterhaus",
      "10115 Berlin",
    ]);
  });

  it("takes a supplier's street as it is, number included", () => {
    expect(addressLines({ street: "Am Deich 3", zip: "25813", city: "Husum" })).toEqual(["Am Deich 3", "25813 Husum"]);
  });

  it("joins the lines with commas where there is room for one line only", () => {
    expect(addressLine(home)).toBe("Hauptstraße 5a, 10115 Berlin");
    expect(addressLine({ ...home, addressAddition: "c/o Meier" })).toBe("Hauptstraße 5a, c/o Meier, 10115 Berlin");
  });

  it("names it in a few words without the addition", () => {
    expect(addressName({ ...home, addressAddition: "c/o Meier" })).toBe("Hauptstraße 5a, 10115 Berlin");
  });
});
