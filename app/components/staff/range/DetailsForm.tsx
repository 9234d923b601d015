import {
  type FieldMetadata,
  type SubmissionResult,
  getCollectionProps,
  getFormProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CheckboxField, FieldErrors, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import {
  MIN_AGES,
  NUTRITION_FIELDS,
  type NutritionField,
  PRODUCT_FLAGS,
  type ProductFlag,
  UNIT_CHOICES,
  detailsSchema,
} from "~/domain/range/schema";
import { useTranslation } from "~/i18n/texts";

/** What the form shows of a product (the range page's loader data). */
export interface DetailsProduct {
  name: string;
  brand: string;
  description: string;
  ingredients: string | null;
  storageHint: string | null;
  originCountry: string | null;
  taxRate: number;
  depositCents: number;
  netQuantity: number;
  unit: string;
  packCount: number;
  minAge: number;
  categoryId: string;
  supplierId: string | null;
  allergens: string[];
  alcoholPercent: number | null;
  flavorings: string[];
  revision: number;
  flags: Record<ProductFlag, number>;
  nutrition: Record<NutritionField, number | null>;
}

interface Choice {
  id: string;
  name: string;
}

/** A number as a German form shows it: "3,8". */
const german = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));

function TextArea({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={4}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      />
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * A product's master data (issue 33 §2): texts, LMIV fields, VAT, deposit, contents, age limit,
 * flags and nutrition, changed only from the revision the page showed.
 */
export function DetailsForm({
  product,
  choices,
  lastResult,
}: {
  product: DetailsProduct;
  /**
   * the categories and suppliers a product can name, and the allergen keys (from the loader: a
   * shop module imported here would put the list into the shop pages' shared chunk)
   */
  choices: { categories: Choice[]; suppliers: Choice[]; allergens: string[] };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["staffRange", "common"]);
  const [form, fields] = useForm({
    id: "range-details",
    lastResult,
    defaultValue: {
      name: product.name,
      brand: product.brand,
      description: product.description,
      ingredients: product.ingredients ?? "",
      storageHint: product.storageHint ?? "",
      originCountry: product.originCountry ?? "",
      taxRate: String(product.taxRate),
      deposit: product.depositCents ? german(product.depositCents / 100) : "",
      netQuantity: german(product.netQuantity),
      unit: product.unit,
      packCount: String(product.packCount),
      minAge: String(product.minAge),
      categoryId: product.categoryId,
      supplierId: product.supplierId ?? "",
      allergens: product.allergens,
      alcoholPercent: german(product.alcoholPercent),
      flavorings: product.flavorings.join(", "),
      ...Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, product.flags[f] ? "on" : undefined])),
      ...Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, german(product.nutrition[f])])),
    },
    ...zodValidation(detailsSchema),
  });
  const all = fields as unknown as Record<string, FieldMetadata<unknown>>;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="staff-range-details">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="details" />
      {/* the revision the page showed: a change saved meanwhile makes this form stale */}
      <input type="hidden" name="revision" value={product.revision} />
      <FormMessage errors={form.errors} id={form.errorId} />
      <TextField field={fields.name} label={t("details.name")} />
      <TextField field={fields.brand} label={t("details.brand")} />
      <TextArea field={fields.description} label={t("details.description")} />
      <SelectField
        field={fields.categoryId}
        label={t("details.category")}
        options={choices.categories.map((c) => ({ value: c.id, label: c.name }))}
      />
      <SelectField
        field={fields.supplierId}
        label={t("details.supplier")}
        options={choices.suppliers.map((c) => ({ value: c.id, label: c.name }))}
      />
      <TextArea field={fields.ingredients} label={t("details.ingredients")} />
      <fieldset aria-describedby="range-allergens-hint" className="staff-choices">
        <legend>{t("details.allergens")}</legend>
        <p className="field-hint" id="range-allergens-hint">
          {t("details.allergensHint")}
        </p>
        {getCollectionProps(fields.allergens, { type: "checkbox", options: choices.allergens }).map((props) => (
          <div className="field field-checkbox" key={props.key}>
            <input {...props} key={props.key} />
            <label htmlFor={props.id}>{t(`common:allergens.${props.value}`)}</label>
          </div>
        ))}
        <FieldErrors field={fields.allergens} />
      </fieldset>
      <TextField
        field={fields.flavorings}
        label={t("details.flavorings")}
        hint={t("details.flavoringsHint")}
        required={false}
      />
      <TextField field={fields.storageHint} label={t("details.storageHint")} required={false} />
      <TextField field={fields.originCountry} label={t("details.originCountry")} required={false} />
      <SelectField
        field={fields.taxRate}
        label={t("details.taxRate")}
        options={[
          { value: "7", label: t("details.tax7") },
          { value: "19", label: t("details.tax19") },
        ]}
      />
      <TextField field={fields.deposit} label={t("details.deposit")} hint={t("details.depositHint")} required={false} />
      <TextField field={fields.netQuantity} label={t("details.netQuantity")} />
      <SelectField
        field={fields.unit}
        label={t("details.unit")}
        options={UNIT_CHOICES.map((u) => ({ value: u, label: t(`details.unitName.${u}`) }))}
      />
      <TextField field={fields.packCount} label={t("details.packCount")} inputMode="numeric" />
      <TextField
        field={fields.alcoholPercent}
        label={t("details.alcoholPercent")}
        hint={t("details.alcoholHint")}
        required={false}
      />
      <SelectField
        field={fields.minAge}
        label={t("details.minAge")}
        options={MIN_AGES.map((a) => ({ value: a, label: t(`details.age${a}`) }))}
      />
      <fieldset className="staff-choices">
        <legend>{t("details.flags")}</legend>
        {PRODUCT_FLAGS.map((flag) => (
          <CheckboxField key={flag} field={all[flag]}>
            {t(`details.flag.${flag}`)}
          </CheckboxField>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("details.nutrition")}</legend>
        <p className="field-hint">{t("details.nutritionHint")}</p>
        {NUTRITION_FIELDS.map((nutrient) => (
          <TextField key={nutrient} field={all[nutrient]} label={t(`details.nutrient.${nutrient}`)} required={false} />
        ))}
      </fieldset>
      <button type="submit" className="button button-primary">
        {t("details.submit")}
      </button>
    </Form>
  );
}
