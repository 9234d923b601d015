/**
 * The photo forms of a product's range page (/staff/range/$sku, docs/decisions/0048): upload,
 * remove, make main. Each checks the role (`range.photos`), then CSRF, then its form; a refusal is
 * answered with its German message at the field (upload) or above the list, and nothing changed.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { SKU_PATTERN } from "~/domain/range/range";
import { type PhotosView, type StoredPhoto, photoChoiceSchema, photoUploadSchema } from "~/domain/range/photos";
import { addPhoto, makeMainPhoto, type PhotoChangeResult, removePhoto } from "~/domain/range/photos.server";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { notFound } from "~/platform/route-data.server";
import { photoUrl } from "~/platform/images";

import { readStaffForm } from "./staff-form.server";

export const PHOTO_INTENTS = ["photoAdd", "photoRemove", "photoMain"] as const;
export type PhotoIntent = (typeof PHOTO_INTENTS)[number];

export const isPhotoIntent = (value: unknown): value is PhotoIntent => PHOTO_INTENTS.some((i) => i === value);

const DONE: Record<PhotoIntent, string> = {
  photoAdd: "staffRange:photos.added",
  photoRemove: "staffRange:photos.removed",
  photoMain: "staffRange:photos.mainChanged",
};

type Refusal = Exclude<PhotoChangeResult, { ok: true }>["reason"];

const messageOf = (reason: Refusal) =>
  reason === "changedMeanwhile"
    ? "staffRange:stale"
    : reason === "notFound"
      ? "staffRange:notFound"
      : `staffRange:photos.${reason}`;

export async function photoAction(request: Request, context: AppLoadContext, sku: string | undefined) {
  const { staff, form } = await readStaffForm(request, context, "range.photos");
  if (!sku || !SKU_PATTERN.test(sku)) throw notFound();
  const intent = form.get("intent") as PhotoIntent;
  const db = context.env.DB;
  let result: PhotoChangeResult;
  if (intent === "photoAdd") {
    const submission = parseForm(form, photoUploadSchema);
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields: ["photo"] }) }, { status: 400 });
    const bytes = new Uint8Array(await submission.value.photo.arrayBuffer());
    result = await addPhoto(db, context.env.PHOTOS, staff, sku, { revision: submission.value.photosRevision, bytes });
    if (!result.ok && result.reason === "notFound") throw notFound();
    if (!result.ok) {
      const message = messageOf(result.reason);
      const atField = result.reason !== "changedMeanwhile" && result.reason !== "notStored";
      const reply = submission.reply({
        hideFields: ["photo"],
        ...(atField ? { fieldErrors: { photo: [message] } } : { formErrors: [message] }),
      });
      return data({ intent, result: reply }, { status: atField ? 400 : 409 });
    }
  } else {
    const submission = parseForm(form, photoChoiceSchema);
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ formErrors: ["staffRange:stale"] }) }, { status: 400 });
    const change = { revision: submission.value.photosRevision, file: submission.value.file };
    result = await (intent === "photoMain" ? makeMainPhoto : removePhoto)(db, staff, sku, change);
    if (!result.ok && result.reason === "notFound") throw notFound();
    if (!result.ok)
      return data({ intent, result: submission.reply({ formErrors: [messageOf(result.reason)] }) }, { status: 409 });
  }
  throw redirect(`/staff/range/${sku}`, {
    headers: { "Set-Cookie": await flashNotice(context.env, [{ type: "success", key: DONE[intent] }]) },
  });
}

/** The photo list as the range page shows it: each photo with its thumbnail's URL. */
export function photosView(list: { revision: number; photos: StoredPhoto[] }, resizing: boolean): PhotosView {
  return { revision: list.revision, photos: list.photos.map((p) => ({ ...p, url: photoUrl(p.file, 270, resizing) })) };
}
