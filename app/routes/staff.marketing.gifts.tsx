import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GiftRuleAddForm, GiftRuleForm } from "~/components/staff/marketing/GiftRuleForms";
import { formatEuro } from "~/domain/money/format";
import {
  addGiftRule,
  listGiftRules,
  removeGiftRule,
  saveGiftRule,
  skusShown,
  type GiftRuleChange,
} from "~/domain/promotion/gift-rules.server";
import { giftRuleAddSchema, giftRuleRemoveSchema, giftRuleSaveSchema } from "~/domain/promotion/schema";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { flashNotice } from "~/platform/flash.server";
import { parseForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffMarketing"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** The free-gift steps (spec section 3), each with its products, to change, remove or add. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "marketing.read");
  const [rules, t] = await Promise.all([listGiftRules(context.env.DB), translator("staffMarketing")]);
  return {
    title: pageTitle(t("gifts.title"), t),
    rules: rules.map((r) => ({ ...r, skus: skusShown(r) })),
  };
}

const E = "staffMarketing:error";

/** The field a refused change belongs to, and its message. */
function refusal(result: Extract<GiftRuleChange, { ok: false }>): {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
} {
  if (result.reason === "unknownSkus") return { fieldErrors: { skus: [`${E}.unknownSkus|${result.skus.length}`] } };
  if (result.reason === "thresholdTaken") return { fieldErrors: { threshold: [`${E}.thresholdTaken`] } };
  return { formErrors: [`${E}.changedMeanwhile`] };
}

async function done(context: ActionFunctionArgs["context"], key: string, cents: number): Promise<never> {
  throw redirect("/staff/marketing/gifts", {
    headers: {
      "Set-Cookie": await flashNotice(context.env, [
        { type: "success", key: `staffMarketing:gifts.${key}`, values: { amount: formatEuro(cents) } },
      ]),
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "marketing.changeGifts");
  const db = context.env.DB;
  const intent = form.get("intent");
  if (intent === "add") {
    const submission = parseForm(form, giftRuleAddSchema);
    if (submission.status !== "success")
      return data({ formId: "gift-add", result: submission.reply() }, { status: 400 });
    const { threshold, giftCount, skus } = submission.value;
    const result = await addGiftRule(db, staff, { thresholdCents: threshold, giftCount, skus });
    if (!result.ok) return data({ formId: "gift-add", result: submission.reply(refusal(result)) }, { status: 409 });
    return done(context, "added", threshold);
  }
  if (intent === "save") {
    const submission = parseForm(form, giftRuleSaveSchema);
    const formId = `gift-${String(form.get("id") ?? "")}`;
    if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const shown = { id: v.id, thresholdCents: v.beforeThreshold, giftCount: v.beforeCount, skus: v.beforeSkus };
    const result = await saveGiftRule(db, staff, shown, {
      thresholdCents: v.threshold,
      giftCount: v.giftCount,
      skus: v.skus,
    });
    if (!result.ok) return data({ formId, result: submission.reply(refusal(result)) }, { status: 409 });
    return done(context, "saved", v.threshold);
  }
  if (intent === "remove") {
    const submission = parseForm(form, giftRuleRemoveSchema);
    if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
    const v = submission.value;
    const result = await removeGiftRule(db, staff, {
      id: v.id,
      thresholdCents: v.beforeThreshold,
      giftCount: v.beforeCount,
      skus: v.beforeSkus,
    });
    if (!result.ok) {
      throw redirect("/staff/marketing/gifts", {
        headers: {
          "Set-Cookie": await flashNotice(context.env, [{ type: "error", key: `${E}.changedMeanwhile` }]),
        },
      });
    }
    return done(context, "removed", v.beforeThreshold);
  }
  throw unknownIntent();
}

export default function StaffGiftRules() {
  const { rules } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffMarketing");
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  return (
    <>
      <h1>{t("gifts.title")}</h1>
      <p>{t("gifts.intro")}</p>
      {rules.length === 0 ? <p>{t("gifts.none")}</p> : null}
      {rules.map((rule) => (
        <GiftRuleForm
          key={`${rule.id}-${rule.thresholdCents}-${rule.giftCount}-${rule.skus}`}
          rule={rule}
          lastResult={resultFor(`gift-${rule.id}`)}
        />
      ))}
      <GiftRuleAddForm lastResult={resultFor("gift-add")} />
    </>
  );
}
