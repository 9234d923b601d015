import { DialogTitle } from "~/components/ui/Modal";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { addressName } from "~/domain/address/format";
import { RouteModal } from "~/components/ui/RouteModal";
import { deleteAddress } from "~/domain/customer/address.server";
import { requireOwnAddress } from "~/http/customer/own-address.server";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm } from "~/platform/form.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  return { address: await requireOwnAddress(context.env.DB, customer.id, params.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const address = await requireOwnAddress(context.env.DB, customer.id, params.id);
  await readForm(request, context);
  const deleted = await deleteAddress(context.env.DB, customer.id, address.id);
  throw await redirectWithNotice(
    context.env,
    "/account/address",
    deleted
      ? { type: "success", key: "account:address.deleted" }
      : { type: "error", key: "account:address.deleteFailed" },
  );
}

export default function DeleteAddress() {
  const { address } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <RouteModal labelledBy="address-delete-title" closeTo="/account/address">
      <DialogTitle id="address-delete-title">{t("address.deleteTitle")}</DialogTitle>
      <p>{t("address.deleteQuestion")}</p>
      <p>
        <strong>{addressName(address)}</strong>
      </p>
      <Form method="post" preventScrollReset className="button-row">
        <AuthenticityTokenInput />
        <button type="submit" className="button button-danger">
          {t("address.deleteConfirm")}
        </button>
        <Link to="/account/address" className="button button-secondary" preventScrollReset>
          {t("address.cancel")}
        </Link>
      </Form>
    </RouteModal>
  );
}
