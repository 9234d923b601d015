import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors, SelectField } from "~/components/form/Field";
import { useTranslation } from "~/i18n/texts";
import { STAFF_ROLES } from "~/domain/staff/roles";

/**
 * A staff member's role and store, as the add and the edit form ask for them. The store's empty
 * choice is the warehouse, named as such (not "Bitte wählen"): no store is a real answer.
 */
export function RoleAndStore({
  role,
  storeId,
  stores,
}: {
  role: FieldMetadata<unknown>;
  storeId: FieldMetadata<unknown>;
  stores: { id: string; name: string }[];
}) {
  const { t } = useTranslation("staff");
  const storeProps = getSelectProps(storeId, { ariaAttributes: false });
  const hintId = `${storeId.id}-hint`;
  return (
    <>
      <SelectField
        field={role}
        label={t("members.role")}
        options={STAFF_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
      />
      <div className={storeId.errors?.length ? "field has-error" : "field"}>
        <label htmlFor={storeId.id}>{t("members.store")}</label>
        <select
          {...storeProps}
          key={storeProps.key}
          aria-invalid={storeId.errors?.length ? true : undefined}
          aria-describedby={storeId.errors?.length ? `${hintId} ${storeId.errorId}` : hintId}
        >
          <option value="">{t("members.noStore")}</option>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
        <p className="field-hint" id={hintId}>
          {t("members.storeHint")}
        </p>
        <FieldErrors field={storeId} />
      </div>
    </>
  );
}
