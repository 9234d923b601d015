import { Form, Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { StaffTable } from "~/components/staff/StaffTable";
import { AddressLines } from "~/components/ui/AddressLines";
import { formatGermanDate, formatGermanDateTime } from "~/domain/content/date";
import type { PostalAddress } from "~/domain/address/format";
import { formatEuro } from "~/domain/money/format";
import { useTranslation } from "~/i18n/texts";

/** A declaration as the queue shows it: the data as declared and signed. */
export interface QueuedDeclaration {
  id: string;
  quantity: number;
  valueCents: number;
  signedAt: string;
  name: string;
  dob: string;
  email: string;
  address: PostalAddress;
}

const column = createColumnHelper<QueuedDeclaration>();

/**
 * The queue of signed declarations: who declared what, and the two decisions. "Zulassen" is a
 * form of its own in the row; "Ablehnen" opens the page that asks for the reason.
 */
export function DeclarationQueue({
  declarations,
  sort,
  desc,
  page,
  more,
}: {
  declarations: QueuedDeclaration[];
  sort: string;
  desc: boolean;
  page: number;
  more: boolean;
}) {
  const { t } = useTranslation("staffCooperative");
  const columns = [
    column.accessor("name", {
      id: "name",
      enableSorting: true,
      header: () => t("declarations.column.name"),
      cell: (c) => (
        <>
          <strong id={`declaration-${c.row.original.id}`}>{c.getValue()}</strong>
          <br />
          {c.row.original.email}
        </>
      ),
    }),
    column.accessor("dob", {
      header: () => t("declarations.column.dob"),
      cell: (c) => formatGermanDate(c.getValue()),
    }),
    column.accessor("address", {
      header: () => t("declarations.column.address"),
      cell: (c) => <AddressLines address={c.getValue()} />,
    }),
    column.accessor("quantity", {
      id: "quantity",
      enableSorting: true,
      header: () => t("declarations.column.quantity"),
      cell: (c) => t("declarations.shares", { count: c.getValue(), total: formatEuro(c.row.original.valueCents) }),
    }),
    column.accessor("signedAt", {
      id: "signed",
      enableSorting: true,
      header: () => t("declarations.column.signed"),
      cell: (c) => formatGermanDateTime(c.getValue()),
    }),
    column.display({
      id: "actions",
      header: () => t("declarations.column.actions"),
      cell: (c) => {
        const nameId = `declaration-${c.row.original.id}`;
        return (
          <div className="staff-decision">
            <Form method="post">
              <AuthenticityTokenInput />
              <input type="hidden" name="purchaseId" value={c.row.original.id} />
              <button type="submit" className="button button-primary button-small" aria-describedby={nameId}>
                {t("declarations.admit")}
              </button>
            </Form>
            <Link
              to={`/staff/cooperative/declarations/${c.row.original.id}/refuse`}
              className="button button-secondary button-small"
              aria-describedby={nameId}
            >
              {t("declarations.refuse")}
            </Link>
          </div>
        );
      },
    }),
  ];
  return (
    <StaffTable
      rows={declarations}
      columns={columns}
      sort={sort}
      desc={desc}
      page={page}
      more={more}
      caption={t("declarations.title")}
      rowKey={(row) => row.id}
    />
  );
}
