import { describe, expect, it } from "vitest";
import {
  CARRIERS,
  CARRIER_CODES,
  PICKUP_CARRIER_CODES,
  STANDARD_CARRIER,
  deliversTo,
  isPickupCarrier,
} from "~/domain/checkout/carriers";

// What each carrier is, asked of the table, never of its code.
describe("carrier table", () => {
  it("click & collect is the only pickup carrier", () => {
    expect(PICKUP_CARRIER_CODES).toEqual(["clickandcollect"]);
    expect(isPickupCarrier("clickandcollect")).toBe(true);
    for (const code of ["myensopackagedelivery", "myensodhlexpress", "myensofoodshipping"])
      expect(isPickupCarrier(code)).toBe(false);
    // store purchases have no carrier; an unknown stored code is no pickup either
    expect(isPickupCarrier(null)).toBe(false);
    expect(isPickupCarrier("drohne")).toBe(false);
  });

  it("only the shop's own chilled vans are bound to the local delivery area", () => {
    expect(CARRIER_CODES.filter((code) => CARRIERS[code].onlyInDeliveryArea)).toEqual(["myensofoodshipping"]);
    const leipzig = { inDeliveryArea: true };
    const munich = { inDeliveryArea: false };
    expect(deliversTo(CARRIERS.myensofoodshipping, leipzig)).toBe(true);
    expect(deliversTo(CARRIERS.myensofoodshipping, munich)).toBe(false);
    expect(deliversTo(CARRIERS.myensopackagedelivery, munich)).toBe(true);
    expect(deliversTo(CARRIERS.myensodhlexpress, munich)).toBe(true);
  });

  it("the checkout starts with standard package delivery", () => {
    expect(STANDARD_CARRIER).toBe("myensopackagedelivery");
  });
});
