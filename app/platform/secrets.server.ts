import type { Env } from "./context";
import { isProduction } from "./context";
import development from "./development-secrets.json";

export type SecretName = keyof typeof development;

/**
 * Secrets come from `wrangler secret put` in production. Everywhere else (local start, tests)
 * fixed development values stand in, so a fresh clone runs without setup; production refuses
 * to run without its own.
 */
export function secret(env: Env, name: SecretName): string {
  const value = env[name];
  if (value) return value;
  if (isProduction(env)) throw new Error(`Secret ${name} is not set`);
  return development[name];
}
