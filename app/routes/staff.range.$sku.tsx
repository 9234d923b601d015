import { getFormProps, useForm } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CheckboxField, FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { productHref } from "~/domain/catalog/href";
import { basePrice, formatNetQuantity, type Unit } from "~/domain/catalog/quantity";
import { formatEuro } from "~/domain/money/format";
import { SKU_PATTERN } from "~/domain/range/range";
import {
  changeDetails,
  changePrice,
  detailsServerSchema,
  correctStock,
  priceHistoryOf,
  rangeProduct,
  setPublished,
  stockChangesOf,
  supplierChoices,
  allergenChoices,
} from "~/domain/range/range.server";
import { priceSchema, publishSchema, stockSchema } from "~/domain/range/schema";
import { categoryChoices } from "~/domain/catalog/category.server";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { DetailsForm } from "~/components/staff/range/DetailsForm";
import { ProductPhotos } from "~/components/staff/range/ProductPhotos";
import { photoList } from "~/domain/range/photos.server";
import { isPhotoIntent, photoAction, photosView } from "~/http/staff/photo-action.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { flashNotice } from "~/platform/flash.server";
import { parseForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";

/**
 * One product of the range (issue 33 §2): what the shop shows of it, its price with the legal
 * history (§11 PAngV, decision 0046) and its stock with the log of corrections. Each form changes
 * only the state the page showed; a stale one is refused with the new values shown.
 */
export const handle = { i18n: ["staff", "staffRange"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

async function productOf(db: D1Database, sku: string | undefined) {
  const product = sku && SKU_PATTERN.test(sku) ? await rangeProduct(db, sku) : null;
  if (!product) throw notFound();
  return product;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "range.read");
  const product = await productOf(context.env.DB, params.sku);
  const [history, stock, tree, suppliers, photos, t] = await Promise.all([
    priceHistoryOf(context.env.DB, product.sku, 50),
    stockChangesOf(context.env.DB, product.sku),
    loadCategoryTree(context.env.DB),
    supplierChoices(context.env.DB),
    photoList(context.env.DB, product.sku),
    translator("staffRange"),
  ]);
  return {
    title: pageTitle(t("product.title", { name: product.name, sku: product.sku }), t),
    product,
    history,
    stock,
    choices: { categories: categoryChoices(tree), suppliers, allergens: allergenChoices() },
    photos: photosView(photos ?? { revision: 0, photos: [] }, context.env.IMAGE_RESIZING === "on"),
  };
}

const REFUSALS = {
  changedMeanwhile: "staffRange:stale",
  noReference: "staffRange:price.noReference",
  belowZero: "staffRange:stock.belowZero",
  notFound: "staffRange:notFound",
  unknownReference: "staffRange:details.unknownReference",
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (isPhotoIntent(intent)) return photoAction(request, context, params.sku);
  if (intent !== "price" && intent !== "stock" && intent !== "details" && intent !== "publish") throw unknownIntent();
  const { staff, form } = await readStaffForm(request, context, `range.${intent}`);
  const product = await productOf(context.env.DB, params.sku);
  const db = context.env.DB;
  if (intent === "publish") {
    const submission = parseForm(form, publishSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const publish = submission.value.published === "1";
    const result = await setPublished(db, staff, product.sku, publish);
    if (!result.ok)
      return data({ intent, result: submission.reply({ formErrors: [REFUSALS[result.reason]] }) }, { status: 409 });
    await done(context, product.sku, publish ? "staffRange:publish.publishedDone" : "staffRange:publish.withdrawnDone");
  }
  if (intent === "details") {
    const submission = parseForm(form, detailsServerSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await changeDetails(db, staff, product.sku, submission.value);
    if (!result.ok)
      return data({ intent, result: submission.reply({ formErrors: [REFUSALS[result.reason]] }) }, { status: 409 });
    await done(context, product.sku, "staffRange:details.done");
  }
  if (intent === "price") {
    const submission = parseForm(form, priceSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const change = submission.value;
    const result = await changePrice(db, staff, product.sku, {
      priceVersion: change.priceVersion,
      priceCents: change.priceCents,
      reduction: change.reduction === "on",
    });
    if (!result.ok) {
      const message = REFUSALS[result.reason];
      const reply =
        result.reason === "noReference"
          ? submission.reply({ fieldErrors: { reduction: [message] } })
          : submission.reply({ formErrors: [message] });
      return data({ intent, result: reply }, { status: 409 });
    }
    await done(context, product.sku, "staffRange:price.done");
  }
  const submission = parseForm(form, stockSchema);
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const result = await correctStock(db, staff, product.sku, submission.value);
  if (!result.ok) {
    const message = REFUSALS[result.reason];
    const reply =
      result.reason === "belowZero"
        ? submission.reply({ fieldErrors: { delta: [message] } })
        : submission.reply({ formErrors: [message] });
    return data({ intent, result: reply }, { status: 409 });
  }
  await done(context, product.sku, "staffRange:stock.done");
}

async function done(context: ActionFunctionArgs["context"], sku: string, key: string): Promise<never> {
  throw redirect(`/staff/range/${sku}`, {
    headers: { "Set-Cookie": await flashNotice(context.env, [{ type: "success", key }]) },
  });
}

const dateTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});

export default function RangeProduct() {
  const { product, history, stock, choices, photos } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffRange");
  const base = basePrice(product.priceCents, {
    netQuantity: product.netQuantity,
    unit: product.unit as Unit,
    packCount: product.packCount,
  });
  const facts: [string, string][] = [
    [t("product.category"), product.categoryName],
    [
      t("product.netContent"),
      formatNetQuantity({ netQuantity: product.netQuantity, unit: product.unit as Unit, packCount: product.packCount }),
    ],
    [t("product.basePrice"), base ? `${formatEuro(base.cents)}/${base.unit}` : t("product.none")],
    [t("product.deposit"), product.depositCents ? formatEuro(product.depositCents) : t("product.none")],
    [t("product.tax"), t("product.taxRate", { rate: product.taxRate })],
  ];
  return (
    <div className="staff-page">
      <p>
        <Link to="/staff/range">{t("product.back")}</Link>
      </p>
      <h1>{t("product.title", { name: product.name, sku: product.sku })}</h1>
      <p>
        <a href={productHref(product.sku)}>{t("product.shopLink")}</a>
      </p>
      <PublishSection />
      <div className="staff-range-grid">
        <PriceSection />
        <StockSection />
      </div>
      <ProductPhotos name={product.name} list={photos} actionData={actionData} />
      <section aria-labelledby="range-facts">
        <h2 id="range-facts">{t("details.title")}</h2>
        <p className="staff-muted">{t("details.intro")}</p>
        <dl className="staff-facts">
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <DetailsForm
          product={product}
          choices={choices}
          lastResult={actionData?.intent === "details" ? actionData.result : undefined}
        />
      </section>
      <section aria-labelledby="range-history">
        <h2 id="range-history">{t("price.history")}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, so it must take the focus to scroll by keyboard */}
        <section className="table-scroll" tabIndex={0} aria-label={t("price.historyCaption")}>
          <table className="staff-table">
            <caption className="visually-hidden">{t("price.historyCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("price.from")}</th>
                <th scope="col">{t("price.amount")}</th>
                <th scope="col">{t("price.kind")}</th>
                <th scope="col">{t("price.by")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{dateTime.format(h.validFrom)}</td>
                  <td>{formatEuro(h.priceCents)}</td>
                  <td>{h.reduction ? t("price.kindReduction") : t("price.kindRegular")}</td>
                  <td>{h.staffName ?? t("price.bySeed")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
      {stock.length ? (
        <section aria-labelledby="range-stock-log">
          <h2 id="range-stock-log">{t("stock.log")}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, so it must take the focus to scroll by keyboard */}
          <section className="table-scroll" tabIndex={0} aria-label={t("stock.logCaption")}>
            <table className="staff-table">
              <caption className="visually-hidden">{t("stock.logCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("stock.at")}</th>
                  <th scope="col">{t("stock.delta")}</th>
                  <th scope="col">{t("stock.after")}</th>
                  <th scope="col">{t("stock.reason")}</th>
                  <th scope="col">{t("stock.by")}</th>
                </tr>
              </thead>
              <tbody>
                {stock.map((s) => (
                  <tr key={s.id}>
                    <td>{dateTime.format(s.at * 1000)}</td>
                    <td>{s.delta > 0 ? `+${s.delta}` : `−${-s.delta}`}</td>
                    <td>{s.qtyAfter}</td>
                    <td>{s.reason}</td>
                    <td>{s.staffName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ) : null}
    </div>
  );
}

/** Whether shoppers see the product: one button that withdraws it or publishes it again. */
function PublishSection() {
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffRange");
  const [form] = useForm({
    id: "range-publish",
    lastResult: actionData?.intent === "publish" ? actionData.result : undefined,
  });
  const published = product.published === 1;
  return (
    <section aria-labelledby="range-publish-title" className="staff-card">
      <h2 id="range-publish-title">{t("publish.title")}</h2>
      <p>{published ? t("publish.published") : <strong>{t("publish.withdrawn")}</strong>}</p>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="publish" />
        {/* the state to go to: a second click, or a page from before a change, finds it there and changes nothing */}
        <input type="hidden" name="published" value={published ? "0" : "1"} />
        <FormMessage errors={form.errors} id={form.errorId} />
        {published ? <p className="staff-muted">{t("publish.withdrawHint")}</p> : null}
        <button type="submit" className={published ? "button" : "button button-primary"}>
          {published ? t("publish.withdraw") : t("publish.publishAgain")}
        </button>
      </Form>
    </section>
  );
}

function PriceSection() {
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffRange");
  const [form, fields] = useForm({
    id: "range-price",
    lastResult: actionData?.intent === "price" ? actionData.result : undefined,
    defaultValue: { price: "" },
    ...zodValidation(priceSchema),
  });
  return (
    <section aria-labelledby="range-price-title" className="staff-card">
      <h2 id="range-price-title">{t("price.title")}</h2>
      <p>{t("price.current", { amount: formatEuro(product.priceCents) })}</p>
      {product.regularPriceCents !== null && product.lowestPrice30dCents !== null ? (
        <>
          <p>{t("price.reference", { amount: formatEuro(product.regularPriceCents) })}</p>
          <p>{t("price.lowest30", { amount: formatEuro(product.lowestPrice30dCents) })}</p>
        </>
      ) : null}
      <p className="staff-law">{t("price.law")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="price" />
        {/* the history the page showed: a price entered meanwhile makes this form stale */}
        <input type="hidden" name="priceVersion" value={product.priceVersion} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField field={fields.price} label={t("price.label")} hint={t("price.hint")} inputMode="text" />
        <CheckboxField field={fields.reduction}>{t("price.reductionLabel")}</CheckboxField>
        <button type="submit" className="button button-primary">
          {t("price.submit")}
        </button>
      </Form>
    </section>
  );
}

function StockSection() {
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffRange");
  const [form, fields] = useForm({
    id: "range-stock",
    lastResult: actionData?.intent === "stock" ? actionData.result : undefined,
    ...zodValidation(stockSchema),
  });
  if (product.stockManaged !== 1)
    return (
      <section aria-labelledby="range-stock-title" className="staff-card">
        <h2 id="range-stock-title">{t("stock.title")}</h2>
        <p>{t("stock.notManaged")}</p>
      </section>
    );
  return (
    <section aria-labelledby="range-stock-title" className="staff-card">
      <h2 id="range-stock-title">{t("stock.title")}</h2>
      <p>{t("stock.current", { qty: product.stockQty })}</p>
      {product.stockQty === 0 ? <p className="staff-overdue">{t("stock.soldOut")}</p> : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="stock" />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField field={fields.delta} label={t("stock.deltaLabel")} hint={t("stock.deltaHint")} inputMode="text" />
        <TextField field={fields.reason} label={t("stock.reasonLabel")} />
        <button type="submit" className="button button-primary">
          {t("stock.submit")}
        </button>
      </Form>
    </section>
  );
}
