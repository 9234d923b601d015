import { describe, expect, it } from "vitest";
import { berlinToday } from "~/domain/time/berlin";
import { addressSchema, registerSchema } from "~/domain/customer/schema";
import {
  MAXIMUM_AGE,
  ageOn,
  dobProblem,
  hasDigitAndLetter,
  hasNoSpace,
  isCalendarDate,
  isValidPhone,
  isValidZip,
} from "~/domain/customer/validation";

const TODAY = "2026-11-21";

describe("age rule (at least 18, not implausibly old)", () => {
  it("counts completed years, the birthday itself included", () => {
    expect(ageOn("2008-11-21", TODAY)).toBe(18);
    expect(ageOn("2008-11-22", TODAY)).toBe(17);
    expect(ageOn("2008-12-01", TODAY)).toBe(17);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("accepts the 18th birthday, refuses the day before it", () => {
    expect(dobProblem("2008-11-21", TODAY)).toBeNull();
    expect(dobProblem("2008-11-22", TODAY)).toBe("tooYoung");
  });

  it("refuses older than the maximum age, accepts exactly the maximum", () => {
    expect(dobProblem(`${2026 - MAXIMUM_AGE}-11-21`, TODAY)).toBeNull();
    expect(dobProblem(`${2026 - MAXIMUM_AGE - 1}-11-20`, TODAY)).toBe("tooOld");
  });

  it("refuses impossible and future dates", () => {
    for (const bad of ["2000-02-30", "2001-02-29", "2000-13-01", "21.11.2000", "", "2000-1-1", "2027-01-01"]) {
      expect(dobProblem(bad, TODAY), bad).toBe("invalid");
    }
    expect(isCalendarDate("2000-02-29")).toBe(true);
  });

  it("counts the day in Germany (23:30 UTC on 31 Dec is already 1 Jan in Berlin)", () => {
    expect(berlinToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(berlinToday(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(berlinToday(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });
});

describe("password shape (at least 8 characters with a digit and a letter)", () => {
  it("needs both a digit and a letter, umlauts count as letters", () => {
    expect(hasDigitAndLetter("abcdefg1")).toBe(true);
    expect(hasDigitAndLetter("12345678ä")).toBe(true);
    expect(hasDigitAndLetter("abcdefgh")).toBe(false);
    expect(hasDigitAndLetter("12345678")).toBe(false);
    expect(hasDigitAndLetter("!!!!!!!!")).toBe(false);
  });

  it("enforces the minimum and maximum length in the registration schema", () => {
    const base = {
      email: "a@example.org",
      emailConfirm: "a@example.org",
      firstName: "A",
      lastName: "B",
      dob: "1990-01-01",
      gender: "w",
      terms: "on",
      privacy: "on",
      values: "on",
    };
    const check = (password: string) =>
      registerSchema(TODAY).safeParse({ ...base, password, passwordConfirm: password });
    expect(check("abc1234").success).toBe(false);
    expect(check("abcd1234").success).toBe(true);
    expect(check(`a1${"x".repeat(126)}`).success).toBe(true);
    expect(check(`a1${"x".repeat(127)}`).success).toBe(false);
  });
});

describe("phone pattern", () => {
  it("accepts German numbers in common notations and empty", () => {
    for (const ok of ["", "+49 30 1234567", "030/1234567", "(030) 123-45", "0341 7654321", "12", "+123"]) {
      expect(isValidPhone(ok), ok).toBe(true);
    }
  });

  it("refuses letters, a missing final digit, fewer than two characters after the lead, a second plus", () => {
    for (const bad of ["1", "+4", "0341-", "030 12a45", "++49301234", "0341 123 ", "phone", "+49 30 1234567 ext"]) {
      expect(isValidPhone(bad), bad).toBe(false);
    }
  });
});

describe("address rules", () => {
  it("German postcodes have exactly five digits", () => {
    expect(isValidZip("04109")).toBe(true);
    for (const bad of ["4109", "041099", "0410a", " 4109", ""]) expect(isValidZip(bad), bad).toBe(false);
  });

  it("house numbers contain no spaces", () => {
    expect(hasNoSpace("12a")).toBe(true);
    expect(hasNoSpace("7-9")).toBe(true);
    expect(hasNoSpace("12 a")).toBe(false);
    expect(hasNoSpace("12\ta")).toBe(false);
  });

  it("the schema reports each broken field with its message key", () => {
    const result = addressSchema.safeParse({
      street: "",
      houseNumber: "1 a",
      zip: "123",
      city: "x".repeat(51),
      country: "FR",
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues).toEqual({
      street: "validation.required",
      houseNumber: "validation.noSpace",
      zip: "validation.zip",
      city: "validation.maxLength|50",
      country: "validation.country",
    });
  });
});

describe("registration schema", () => {
  it("requires matching repeats, the consents and a gender", () => {
    const result = registerSchema(TODAY).safeParse({
      email: "a@example.org",
      emailConfirm: "b@example.org",
      password: "abcd1234",
      passwordConfirm: "abcd12345",
      firstName: "A",
      lastName: "B",
      dob: "2010-01-01",
      telephone: "1",
      gender: "x",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      dob: "validation.dob.tooYoung",
      telephone: "validation.telephone",
      gender: "validation.gender",
      terms: "validation.consent",
      privacy: "validation.consent",
      values: "validation.consent",
    });
  });

  it("limits names and e-mail addresses", () => {
    const result = registerSchema(TODAY).safeParse({
      email: `${"a".repeat(250)}@x.de`,
      emailConfirm: "",
      password: "abcd1234",
      passwordConfirm: "abcd1234",
      firstName: "x".repeat(51),
      lastName: "y",
      dob: "1990-01-01",
      gender: "d",
      terms: "on",
      privacy: "on",
      values: "on",
    });
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}=${i.message}`);
    expect(messages).toContain("email=validation.maxLength|254");
    expect(messages).toContain("firstName=validation.maxLength|50");
  });
});
