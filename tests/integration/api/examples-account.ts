/**
 * The examples of the account calls (registering, activating, passwords; see examples.ts). The
 * one-time links they use up (an activation link each for the activation and for completing a
 * registration, a reset link) belong to customers of their own, made by `prepareAccountLinks` before
 * the examples run: the test customer's password stays the one the other examples sign in with.
 */
import { createHash, randomBytes } from "node:crypto";
import { prepareTestCustomer } from "../../fixtures/customer";
import type { Example, ExampleContext } from "./examples";

export interface AccountLink {
  customerId: number;
  email: string;
  token: string;
}

export interface AccountLinks {
  activation: AccountLink;
  completion: AccountLink;
  reset: AccountLink;
}

const link = (customerId: number, email: string): AccountLink => ({
  customerId,
  email,
  token: randomBytes(32).toString("base64url"),
});

export const ACCOUNT_LINKS: AccountLinks = {
  activation: link(9211, "vertrag-aktivierung@example.org"),
  completion: link(9212, "vertrag-abschluss@example.org"),
  reset: link(9213, "vertrag-passwort@example.org"),
};

/** The links' customers (two not yet activated) and their tokens, as the shop's e-mails leave them. */
export async function prepareAccountLinks(db: D1Database, links: AccountLinks): Promise<void> {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const rows: [AccountLink, "activation" | "password_reset"][] = [
    [links.activation, "activation"],
    [links.completion, "activation"],
    [links.reset, "password_reset"],
  ];
  await db.batch(
    rows.flatMap(([l, purpose]) => [
      prepareTestCustomer(db, { id: l.customerId, email: l.email, firstname: "Lina", lastname: "Link", gender: "d" }),
      db
        .prepare("UPDATE customer SET status = ? WHERE id = ?")
        .bind(purpose === "activation" ? "pending" : "active", l.customerId),
      db
        .prepare(
          "INSERT INTO customer_token (token_hash, customer_id, purpose, new_email, expires_at, used_at) VALUES (?, ?, ?, NULL, ?, NULL)",
        )
        .bind(createHash("sha256").update(l.token).digest("hex"), l.customerId, purpose, expires),
    ]),
  );
}

const registration = (emailAddress: string, dob = "1990-05-17") => ({
  customer: {
    email: emailAddress,
    firstname: "Rita",
    lastname: "Registriert",
    dob,
    gender: "w",
    website_id: 1,
    custom_attributes: [{ attribute_code: "telephone", value: "+49 341 555555" }],
    extension_attributes: { terms_accepted: true, privacy_accepted: true, values_accepted: true },
  },
  password: "Sommer2026",
});

const activationBody =
  (which: "activation" | "completion", token?: string) =>
  ({ links }: ExampleContext) => ({
    customerId: links[which].customerId,
    activationToken: token ?? links[which].token,
  });

export const ACCOUNT_EXAMPLES: Record<string, readonly Example[]> = {
  "POST /rest/V1/customers": [
    { name: "a registration", token: false, body: registration("vertrag-neu@example.org"), status: 201 },
    {
      name: "an address that has an account",
      token: false,
      body: ({ customer }: ExampleContext) => registration(customer.email),
      status: 409,
    },
    { name: "17 years old", token: false, body: registration("vertrag-jung@example.org", "2020-01-01"), status: 400 },
  ],
  "PUT /rest/V1/customers/activate": [
    { name: "the activation link", token: false, body: activationBody("activation"), status: 200 },
    { name: "the same link again", token: false, body: activationBody("activation"), status: 410 },
  ],
  "POST /rest/V1/integration/customer/complete/token": [
    { name: "activated and signed in", token: false, body: activationBody("completion"), status: 200 },
    { name: "a wrong key", token: false, body: activationBody("completion", "falsch"), status: 410 },
  ],
  "PUT /rest/V1/customers/me/password": [
    {
      // the same password again: the other examples still sign in with it (every token ends all the same)
      name: "a new password",
      token: true,
      body: ({ customer }: ExampleContext) => ({ currentPassword: customer.password, newPassword: customer.password }),
      status: 200,
    },
    {
      name: "a wrong current password",
      token: true,
      body: { currentPassword: "Falsch2026", newPassword: "Winter2027" },
      status: 400,
    },
  ],
  "PUT /rest/V1/customers/password": [
    {
      name: "a reset link asked for",
      token: false,
      body: ({ customer }: ExampleContext) => ({ email: customer.email, template: "email_reset", websiteId: 1 }),
      status: 200,
    },
    {
      name: "an address without account: the same answer",
      token: false,
      body: { email: "niemand@example.org" },
      status: 200,
    },
  ],
  "POST /rest/V1/customers/resetPassword": [
    {
      name: "a new password by the link",
      token: false,
      body: ({ links }: ExampleContext) => ({
        email: links.reset.email,
        customerId: links.reset.customerId,
        resetToken: links.reset.token,
        newPassword: "Winter2027",
      }),
      status: 200,
    },
    {
      name: "the same link again",
      token: false,
      body: ({ links }: ExampleContext) => ({
        customerId: links.reset.customerId,
        resetToken: links.reset.token,
        newPassword: "Winter2028",
      }),
      status: 410,
    },
  ],
};
