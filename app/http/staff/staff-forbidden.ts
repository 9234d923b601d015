/**
 * A role's refusal (403) as the back office answers and explains it: a body that names itself,
 * so the frame's error boundary, on the server and in the browser alike, tells it apart from the
 * shop's other 403 (an expired form). Not a server module: the boundary runs in the browser too.
 */
export const STAFF_FORBIDDEN = "staff.forbidden";

export function staffForbidden(): Response {
  return Response.json({ reason: STAFF_FORBIDDEN }, { status: 403 });
}

export function isStaffForbidden(status: number, data: unknown): boolean {
  return status === 403 && (data as { reason?: unknown } | null)?.reason === STAFF_FORBIDDEN;
}
