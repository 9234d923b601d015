/**
 * One or more example calls for every operation of the OpenAPI document, keyed "METHOD /path"
 * exactly as the document lists it. The contract test (contract.test.ts) fails for an operation
 * without an entry here and for an entry the document lacks: a new operation gets its examples
 * here in the same change. The first example of each is its success; more may show a documented
 * refusal. Each runs against a fresh test customer's data (see `ExampleContext`).
 */

/** The test customer an example calls as, and another one whose data it must never see. */
export interface ExampleContext {
  customer: { id: number; email: string; password: string };
  other: { id: number; email: string };
}

export interface Example {
  /** What it shows (the test's name). */
  name: string;
  /** The values of the path's `{parameters}`. */
  params?: Record<string, string> | ((c: ExampleContext) => Record<string, string>);
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown | ((c: ExampleContext) => unknown);
  /** Send a valid token of the test customer (a fresh one for each example). */
  token: boolean;
  /** The status it must answer (and the document must describe). */
  status: number;
}

export const EXAMPLES: Record<string, readonly Example[]> = {
  "GET /rest/V1/openapi.json": [{ name: "the description", token: false, status: 200 }],
  "POST /rest/V1/integration/customer/token": [
    {
      name: "a token for e-mail address and password",
      token: false,
      body: ({ customer }: ExampleContext) => ({ username: customer.email, password: customer.password }),
      status: 200,
    },
    {
      name: "a wrong password",
      token: false,
      body: ({ customer }: ExampleContext) => ({ username: customer.email, password: "Falsch2026" }),
      status: 401,
    },
  ],
  "DELETE /rest/V1/integration/customer/token": [{ name: "signing out", token: true, status: 204 }],
  "GET /rest/V1/customer/me": [{ name: "the own customer", token: true, status: 200 }],
  "PUT /rest/V1/customer/update/me": [
    {
      name: "names and dark mode",
      token: true,
      body: ({ customer }: ExampleContext) => ({
        customer: {
          email: customer.email,
          firstname: "Vera",
          lastname: "Vertrag",
          website_id: 1,
          custom_attributes: [{ attribute_code: "dark_mode_enabled", value: "1" }],
        },
      }),
      status: 200,
    },
    {
      name: "another customer's e-mail address",
      token: true,
      body: ({ customer, other }: ExampleContext) => ({
        customer: { email: other.email, firstname: customer.email, lastname: "Vertrag" },
      }),
      status: 400,
    },
  ],
};
