import { safeRedirectPath } from "~/platform/redirect";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AddressForm } from "~/components/account/AddressForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { addAddress } from "~/http/customer/address-form.server";
import { requireCustomer } from "~/platform/auth.server";

/** "Add one in place": a new delivery address from the checkout, back to the same checkout choices. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return null;
}

/** The new address becomes the default delivery address, so the checkout comes back with it chosen. */
export const action = (args: ActionFunctionArgs) =>
  addAddress(args, safeRedirectPath(`/checkout${new URL(args.request.url).search}`, "/checkout"), {
    defaultShipping: "on",
  });

export default function CheckoutAddress() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const { search } = useLocation();
  return (
    <RouteModal labelledBy="checkout-address-title" closeTo={`/checkout${search}`}>
      <h2 id="checkout-address-title">{t("address.addTitle")}</h2>
      <AddressForm lastResult={actionData?.result} submitLabel={t("address.add")} cancelTo={`/checkout${search}`} />
    </RouteModal>
  );
}
