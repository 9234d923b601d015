import type { Env } from "./context";
import development from "./development-secrets.json";

export type SecretName = keyof typeof development;

/**
 * Secrets come from `wrangler secret put` in a deployment. Where development stand-ins are allowed
 * (explicitly in development or test, on a local address: platform/deployment.server.ts) fixed
 * development values stand in, so a fresh clone runs without setup. Anywhere else a missing secret
 * is an error; the worker refuses to serve before it gets here.
 */
export function secret(env: Env, name: SecretName): string {
  const value = env[name];
  if (value) return value;
  if (!env.standIns) throw new Error(`Secret ${name} is not set`);
  return development[name];
}
