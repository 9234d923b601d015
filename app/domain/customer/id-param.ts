/** An id from a URL or form (customer, address, order number): a positive whole number, else null. */
export function idParam(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
