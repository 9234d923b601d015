import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { purchaseStatus } from "~/domain/share/purchase.server";
import { requireCustomer } from "~/platform/auth.server";

/**
 * The purchase status call (docs/decisions/0021: GET, reads `frontend_status`): what the waiting modal
 * polls every 5000 ms. The signed-in customer's own purchase only; never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const status = await purchaseStatus(context.env.DB, customer.id);
  return Response.json(
    {
      frontend_status: status.frontendStatus,
      frontendStatus: status.frontendStatus,
      shareholder_state: status.shareholderState,
      item_qty: status.quantity,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
