/**
 * Customers: registration, activation, sign-in checks, password reset and the personal data page.
 * Every change that sends an e-mail writes the mail in the same batch.
 */
import { sql } from "kysely";
import type { Env } from "~/platform/context";
import { first, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from "~/platform/password.server";
import { secret } from "~/platform/secrets.server";
import { endOtherSessions } from "~/platform/session.server";
import { endApiTokens } from "~/platform/api-token.server";
import { randomId } from "~/platform/tokens.server";
import { activationMail, emailChangeMail, passwordResetMail } from "./mails.server";
import type { CustomerProfile } from "./customer";
import type { ProfileInput, RegisterInput } from "./schema";
import { issueToken, justUsed, useToken } from "./tokens.server";

const pepper = (env: Env) => secret(env, "PASSWORD_PEPPER");
const isoNow = () => new Date().toISOString();

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

const findByEmail = (db: D1Database, email: string) =>
  first(
    db,
    qb
      .selectFrom("customer")
      .select(["id", "email", "firstname", "status", "password_hash", "dark_mode_enabled"])
      .where("email", "=", email),
  );

/** The new customer's id (both doors answer with it: the API shows the customer), or "exists". */
export type RegisterResult = { result: "registered"; customerId: number } | { result: "exists" };

export async function registerCustomer(env: Env, input: RegisterInput, origin: string): Promise<RegisterResult> {
  if (await findByEmail(env.DB, input.email)) return { result: "exists" };
  const id = randomId();
  const now = isoNow();
  const { token, statements } = await issueToken(env.DB, id, "activation");
  try {
    await env.DB.batch([
      prepare(
        env.DB,
        qb.insertInto("customer").values({
          id,
          email: input.email,
          password_hash: await hashPassword(input.password, pepper(env)),
          firstname: input.firstName,
          lastname: input.lastName,
          dob: input.dob,
          telephone: input.telephone,
          gender: input.gender,
          status: "pending",
          consents_at: now,
          created_at: now,
          updated_at: now,
        }),
      ),
      ...statements,
      queueMail(env.DB, await activationMail({ email: input.email, firstname: input.firstName }, origin, id, token)),
    ]);
  } catch (error) {
    // Two registrations of one address at the same moment: the second one loses here.
    if (isUniqueViolation(error)) return { result: "exists" };
    throw error;
  }
  return { result: "registered", customerId: id };
}

export async function activateCustomer(db: D1Database, customerId: number, token: string): Promise<boolean> {
  const use = await useToken(db, customerId, "activation", token);
  const [used] = await db.batch([
    use.statement,
    prepare(
      db,
      qb
        .updateTable("customer")
        .set({ status: "active", updated_at: isoNow() })
        .where("id", "=", customerId)
        .where("status", "=", "pending")
        .where((eb) => eb.exists(justUsed(use.tokenHash, use.mark))),
    ),
  ]);
  return used.results.length === 1;
}

/** A new activation link for a customer who has not activated yet; nothing for anyone else. */
export async function resendActivation(env: Env, email: string, origin: string): Promise<void> {
  const customer = await findByEmail(env.DB, email);
  if (customer?.status !== "pending") return;
  const { token, statements } = await issueToken(env.DB, customer.id, "activation");
  await env.DB.batch([...statements, queueMail(env.DB, await activationMail(customer, origin, customer.id, token))]);
}

export type SignInCheck =
  | { result: "ok"; customerId: number; darkMode: "0" | "1" }
  | { result: "wrongCredentials" | "notActivated" | "blocked" };

/** The sign-in outcomes. A wrong password is checked before the account's state is told. */
export async function checkSignIn(env: Env, email: string, password: string): Promise<SignInCheck> {
  const customer = await findByEmail(env.DB, email);
  const matches = await verifyPassword(password, customer?.password_hash ?? DECOY_PASSWORD_HASH, pepper(env));
  if (!customer || !matches) return { result: "wrongCredentials" };
  if (customer.status === "pending") return { result: "notActivated" };
  if (customer.status === "blocked") return { result: "blocked" };
  return { result: "ok", customerId: customer.id, darkMode: customer.dark_mode_enabled };
}

/** A reset link for an existing, not blocked account; the caller answers the same either way. */
export async function requestPasswordReset(env: Env, email: string, origin: string): Promise<void> {
  const customer = await findByEmail(env.DB, email);
  if (!customer || customer.status === "blocked") return;
  const { token, statements } = await issueToken(env.DB, customer.id, "password_reset");
  await env.DB.batch([...statements, queueMail(env.DB, await passwordResetMail(customer, origin, customer.id, token))]);
}

/** Sets the new password and ends every session and API token of the customer, if the link is still good. */
export async function resetPassword(env: Env, customerId: number, token: string, password: string): Promise<boolean> {
  const use = await useToken(env.DB, customerId, "password_reset", token);
  const hash = await hashPassword(password, pepper(env));
  const [used] = await env.DB.batch([
    use.statement,
    prepare(
      env.DB,
      qb
        .updateTable("customer")
        .set({ password_hash: hash, updated_at: isoNow() })
        .where("id", "=", customerId)
        .where((eb) => eb.exists(justUsed(use.tokenHash, use.mark))),
    ),
    prepare(
      env.DB,
      qb
        .deleteFrom("session")
        .where("customer_id", "=", customerId)
        .where((eb) => eb.exists(justUsed(use.tokenHash, use.mark))),
    ),
    prepare(
      env.DB,
      qb
        .deleteFrom("api_token")
        .where("customer_id", "=", customerId)
        .where((eb) => eb.exists(justUsed(use.tokenHash, use.mark))),
    ),
  ]);
  return used.results.length === 1;
}

export function loadProfile(db: D1Database, customerId: number): Promise<CustomerProfile | null> {
  return first(
    db,
    qb
      .selectFrom("customer")
      .select(["email", "firstname", "lastname", "dob", "telephone", "gender"])
      .where("id", "=", customerId),
  );
}

/** The customer's account as the API's customer shows it: names, contact, settings, group and balance (cents). */
export function loadCustomerAccount(db: D1Database, customerId: number) {
  return first(
    db,
    qb
      .selectFrom("customer as c")
      .leftJoin("customer_balance as b", "b.customer_id", "c.id")
      .select([
        "c.id",
        "c.email",
        "c.firstname",
        "c.lastname",
        "c.telephone",
        "c.is_sepa_allowed",
        "c.dark_mode_enabled",
        "c.group_identifier",
        "b.balance_cents",
      ])
      .where("c.id", "=", customerId),
  );
}

export async function updateProfile(db: D1Database, customerId: number, input: ProfileInput): Promise<void> {
  await prepare(
    db,
    qb
      .updateTable("customer")
      .set({
        firstname: input.firstName,
        lastname: input.lastName,
        dob: input.dob,
        telephone: input.telephone,
        gender: input.gender,
        updated_at: isoNow(),
      })
      .where("id", "=", customerId),
  ).run();
}

/** Whether the password is the customer's; throttling is the door's (docs/decisions/0013). */
export async function passwordMatches(env: Env, customerId: number, password: string): Promise<boolean> {
  const row = await first(env.DB, qb.selectFrom("customer").select("password_hash").where("id", "=", customerId));
  return row !== null && verifyPassword(password, row.password_hash, pepper(env));
}

export type ChangeResult = "done" | "wrongPassword" | "emailTaken";

/**
 * Changes the password and ends the customer's other sessions and every API token; the page's own
 * session stays signed in (the API has none to keep: null ends every session).
 */
export async function changePassword(
  env: Env,
  customerId: number,
  keepSession: string | null,
  current: string,
  password: string,
): Promise<ChangeResult> {
  if (!(await passwordMatches(env, customerId, current))) return "wrongPassword";
  await env.DB.batch([
    prepare(
      env.DB,
      qb
        .updateTable("customer")
        .set({ password_hash: await hashPassword(password, pepper(env)), updated_at: isoNow() })
        .where("id", "=", customerId),
    ),
    endOtherSessions(env.DB, customerId, keepSession),
    endApiTokens(env.DB, customerId),
  ]);
  return "done";
}

/** Sends a confirmation link to the new address; the address changes only when it is opened. */
export async function requestEmailChange(
  env: Env,
  customerId: number,
  password: string,
  newEmail: string,
  origin: string,
): Promise<ChangeResult> {
  if (!(await passwordMatches(env, customerId, password))) return "wrongPassword";
  if (await findByEmail(env.DB, newEmail)) return "emailTaken";
  const profile = await loadProfile(env.DB, customerId);
  if (!profile) return "wrongPassword";
  const { token, statements } = await issueToken(env.DB, customerId, "email_change", newEmail);
  await env.DB.batch([
    ...statements,
    queueMail(
      env.DB,
      await emailChangeMail({ email: newEmail, firstname: profile.firstname }, origin, customerId, token),
    ),
  ]);
  return "done";
}

export type EmailConfirmation = "confirmed" | "invalid" | "emailTaken";

export async function confirmEmailChange(
  db: D1Database,
  customerId: number,
  token: string,
): Promise<EmailConfirmation> {
  const use = await useToken(db, customerId, "email_change", token);
  try {
    const [used] = await db.batch([
      use.statement,
      prepare(
        db,
        qb
          .updateTable("customer")
          .set({
            email: sql<string>`(SELECT new_email FROM customer_token WHERE token_hash = ${use.tokenHash})`,
            updated_at: isoNow(),
          })
          .where("id", "=", customerId)
          .where((eb) => eb.exists(justUsed(use.tokenHash, use.mark))),
      ),
    ]);
    return used.results.length === 1 ? "confirmed" : "invalid";
  } catch (error) {
    if (isUniqueViolation(error)) return "emailTaken";
    throw error;
  }
}

/** The name and dark mode, as the API's customer update sends them (the e-mail changes only by its link). */
/** What an app saves of its customer: the names, and dark mode and the telephone number when sent. */
export async function updateOwnCustomer(
  db: D1Database,
  customerId: number,
  input: { firstName: string; lastName: string; darkMode: "0" | "1" | null; telephone: string | null },
): Promise<void> {
  await prepare(
    db,
    qb
      .updateTable("customer")
      .set({
        firstname: input.firstName,
        lastname: input.lastName,
        ...(input.darkMode ? { dark_mode_enabled: input.darkMode } : {}),
        ...(input.telephone !== null ? { telephone: input.telephone } : {}),
        updated_at: isoNow(),
      })
      .where("id", "=", customerId),
  ).run();
}

/** Dark mode of a signed-in customer; a failed save is only logged by the caller. */
export async function saveDarkMode(db: D1Database, customerId: number, value: "0" | "1"): Promise<void> {
  await prepare(db, qb.updateTable("customer").set({ dark_mode_enabled: value }).where("id", "=", customerId)).run();
}
