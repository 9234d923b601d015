// The shop's password scheme (app/platform/password.server.ts) in Node, for the demo customers.
import { createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "../lib.mjs";

const ITERATIONS = 100_000;

/** The pepper of the target: PASSWORD_PEPPER when set (production), else the development one. */
export function pepper() {
  if (process.env.PASSWORD_PEPPER) return process.env.PASSWORD_PEPPER;
  const secrets = JSON.parse(readFileSync(path.join(root, "app/platform/development-secrets.json"), "utf8"));
  return secrets.PASSWORD_PEPPER;
}

export function hashPassword(password, pepperValue = pepper()) {
  const salt = randomBytes(16);
  const peppered = createHmac("sha256", pepperValue).update(password).digest();
  const hash = pbkdf2Sync(peppered, salt, ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}
