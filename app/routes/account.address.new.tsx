import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AddressForm } from "~/components/account/AddressForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { addAddress } from "~/http/customer/address-form.server";
import { requireCustomer } from "~/platform/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return null;
}

export const action = (args: ActionFunctionArgs) => addAddress(args, "/account/address");

export default function NewAddress() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <RouteModal labelledBy="address-new-title" closeTo="/account/address">
      <h2 id="address-new-title">{t("address.addTitle")}</h2>
      <AddressForm lastResult={actionData?.result} submitLabel={t("address.save")} />
    </RouteModal>
  );
}
