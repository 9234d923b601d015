import { cloneElement, Fragment, isValidElement, type ReactElement } from "react";
import type { TFunction } from "./use-translation";
import type { TranslateOptions } from "./translate";

// A module of its own, apart from texts.tsx, which every page loads: only a few pages' forms
// have texts with links inside (docs/decisions/0054).

/**
 * A text with links or emphasis inside: "<1>AGB</1>" in the text becomes `components[1]` with
 * "AGB" as its content (react-i18next's numbered-tag form).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TranslateOptions & { returnObjects?: false };
  components: Record<number, ReactElement>;
}) {
  const parts = t(i18nKey, values).split(/<(\d+)>(.*?)<\/\1>/);
  // split with two groups gives: text, tag number, tag content, text, …
  return (
    <>
      {parts.map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text; their position is their identity
        if (i % 3 === 0) return part ? <Fragment key={i}>{part}</Fragment> : null;
        if (i % 3 === 2) return null;
        const component = components[Number(part)];
        const content = parts[i + 1];
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text; their position is their identity
        return isValidElement(component) ? cloneElement(component, { key: i }, content) : content;
      })}
    </>
  );
}
