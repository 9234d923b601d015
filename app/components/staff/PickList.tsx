import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import type { SubmissionResult } from "@conform-to/react";
import { groupByCategory, type PickLine } from "~/domain/fulfilment/pick-list";
import { ShortageSubmit, ShortField, useShortageForm } from "./Shortage";

export { BookedShortages } from "./Shortage";

/** Marks one line picked, or takes the mark back: a form of its own, so it works without JavaScript. */
function PickButton({ line, editable }: { line: PickLine; editable: boolean }) {
  const { t } = useTranslation("staffOrders");
  const state = line.picked ? t("pick.done") : t("pick.open");
  if (!editable) return <span className={line.picked ? "pick-done" : undefined}>{state}</span>;
  return (
    <Form method="post" preventScrollReset className="pick-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="sku" value={line.sku} />
      <input type="hidden" name="gift" value={line.isGift ? "1" : "0"} />
      <input type="hidden" name="picked" value={line.picked ? "0" : "1"} />
      {line.picked ? <span className="pick-done">{state}</span> : null}
      <button
        type="submit"
        name="intent"
        value="pick"
        className={line.picked ? "button button-secondary button-small" : "button button-primary button-small"}
        aria-label={t(line.picked ? "pick.unmarkLabel" : "pick.markLabel", { name: line.name })}
      >
        {t(line.picked ? "pick.unmark" : "pick.mark")}
      </button>
    </Form>
  );
}

/**
 * The pick list, by category (the shelves), each line with what the picker needs on the shop
 * floor: quantity, article number, name and contents, chilled or age-restricted, and the mark.
 * While the order is being packed, the "Fehlmenge" column takes how many of a line are missing
 * (Shortage.tsx); printed, its fields are boxes to write in.
 */
export function PickList({
  lines,
  editable,
  shortageResult,
}: {
  lines: PickLine[];
  editable: boolean;
  shortageResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffOrders");
  const shortage = useShortageForm(lines, shortageResult);
  const fieldOf = (line: PickLine) => shortage.lines[lines.indexOf(line)];
  const picked = lines.filter((line) => line.picked).length;
  return (
    <section aria-labelledby="pick-title" className="pick-list">
      <h2 id="pick-title">{t("pick.title")}</h2>
      <p>{t("pick.progress", { picked, lines: lines.length })}</p>
      {groupByCategory(lines).map((group) => {
        const heading = group.category ?? t("pick.noCategory");
        return (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls on a phone, so it must take the focus to scroll by keyboard
          <section key={heading} className="table-scroll" tabIndex={0} aria-label={heading}>
            <table className="staff-table pick-table">
              <caption>{heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("pick.column.qty")}</th>
                  <th scope="col">{t("pick.column.sku")}</th>
                  <th scope="col">{t("pick.column.name")}</th>
                  <th scope="col">{t("pick.column.hint")}</th>
                  <th scope="col">{t("pick.column.picked")}</th>
                  {editable ? (
                    <th scope="col" className="pick-short">
                      {t("pick.column.short")}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {group.lines.map((line) => (
                  <tr key={`${line.sku}-${line.isGift}`} className={line.picked ? "is-picked" : undefined}>
                    <td className="pick-qty">{line.qty}</td>
                    <td>{line.sku}</td>
                    <td>
                      {line.name}
                      {line.brand || line.contents ? (
                        <span className="pick-detail">{[line.brand, line.contents].filter(Boolean).join(", ")}</span>
                      ) : null}
                    </td>
                    <td>
                      {[
                        line.isGift ? t("pick.gift") : null,
                        line.chilled ? t("pick.chilled") : null,
                        line.minAge ? t("pick.minAge", { age: line.minAge }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </td>
                    <td>
                      <PickButton line={line} editable={editable} />
                    </td>
                    {editable ? (
                      <td className="pick-short">
                        <ShortField
                          field={fieldOf(line)}
                          line={line}
                          focus={lines.indexOf(line) === shortage.firstInvalid}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
      {editable ? <ShortageSubmit form={shortage.form} invalidFields={shortage.firstInvalid >= 0} /> : null}
    </section>
  );
}
