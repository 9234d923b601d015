import { describe, expect, it } from "vitest";
import { formatWindow } from "~/domain/order/order";

describe("formatWindow: a delivery or pickup window in shop time", () => {
  it("names weekday, date and times in Europe/Berlin, winter and summer", () => {
    expect(formatWindow("2026-11-23T07:00:00.000Z", "2026-11-23T13:00:00.000Z")).toBe("Mo., 23.11.2026, 08:00 – 14:00");
    expect(formatWindow("2026-07-04T06:00:00.000Z", "2026-07-04T08:00:00.000Z")).toBe("Sa., 04.07.2026, 08:00 – 10:00");
  });

  it("takes the Berlin calendar day, not the UTC one", () => {
    expect(formatWindow("2026-03-28T23:30:00.000Z", "2026-03-29T01:30:00.000Z")).toBe("So., 29.03.2026, 00:30 – 03:30");
  });

  it("without an end (pickup orders before the end was recorded) names the start", () => {
    expect(formatWindow("2026-11-23T07:00:00.000Z", null)).toBe("Mo., 23.11.2026, 08:00");
  });
});
