/**
 * Known devices (docs/decisions/0010-sign-in-throttling.md): a browser in which a customer signed in
 * successfully keeps a signed cookie naming that account. Failed attempts from elsewhere cannot lock
 * such a browser out, so guessing a customer's password from many addresses does not deny the
 * customer their own shop. It holds a random device id and shortened hashes of the addresses,
 * never an address itself.
 */
import { createCookie } from "./cookie.server";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";
import { randomToken, sha256 } from "./tokens.server";

export const DEVICE_COOKIE = "__device";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared family computer), newest first. */
const MAX_ACCOUNTS = 5;

interface Device {
  id: string;
  accounts: string[];
}

export function deviceCookie(env: Env) {
  return createCookie(DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(env),
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    secrets: [secret(env, "SESSION_SECRET")],
  });
}

const accountHash = async (email: string) => (await sha256(`device:${email.trim().toLowerCase()}`)).slice(0, 24);

function isDevice(v: unknown): v is Device {
  const d = v as Partial<Device> | null;
  return (
    typeof d === "object" &&
    d !== null &&
    typeof d.id === "string" &&
    Array.isArray(d.accounts) &&
    d.accounts.every((a) => typeof a === "string")
  );
}

/** The device cookie, or null when there is none or it cannot be read (then it is as if absent). */
async function readDevice(request: Request, env: Env): Promise<Device | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return null;
  try {
    const value: unknown = await deviceCookie(env).parse(header);
    return isDevice(value) ? value : null;
  } catch {
    return null;
  }
}

/** This browser's device id if the customer with this address signed in here before. */
export async function knownDeviceFor(request: Request, env: Env, email: string): Promise<string | null> {
  const device = await readDevice(request, env);
  return device?.accounts.includes(await accountHash(email)) ? device.id : null;
}

/** Set-Cookie value that remembers this browser for the account just signed in to. */
export async function rememberDevice(request: Request, env: Env, email: string): Promise<string> {
  const device = (await readDevice(request, env)) ?? { id: randomToken(16), accounts: [] };
  const hash = await accountHash(email);
  const accounts = [hash, ...device.accounts.filter((a) => a !== hash)].slice(0, MAX_ACCOUNTS);
  return deviceCookie(env).serialize({ id: device.id, accounts });
}
