import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { type PhotosView, photoUploadSchema } from "~/domain/range/photos";
import { useTranslation } from "~/i18n/texts";
import { germanDigits } from "~/domain/catalog/number-format";

interface ActionReply {
  intent: unknown;
  result: SubmissionResult<string[]>;
}

/**
 * The photos of a product on its range page (docs/decisions/0048): the list in its order (the
 * first is the main photo), each with "make main" and "remove", and the upload. Plain forms: the
 * upload is a multipart post, so all of it works without JavaScript.
 */
export function ProductPhotos({
  name,
  list,
  actionData,
}: {
  name: string;
  list: PhotosView;
  actionData: ActionReply | undefined;
}) {
  const { t } = useTranslation("staffRange");
  const choice = actionData?.intent === "photoRemove" || actionData?.intent === "photoMain" ? actionData.result : null;
  const [form, fields] = useForm({
    id: "range-photo",
    lastResult: actionData?.intent === "photoAdd" ? actionData.result : undefined,
    ...zodValidation(photoUploadSchema),
  });
  const hintId = `${fields.photo.id}-hint`;
  const invalid = Boolean(fields.photo.errors?.length);
  return (
    <section aria-labelledby="range-photos-title">
      <h2 id="range-photos-title">{t("photos.title")}</h2>
      <p className="staff-muted">{t("photos.intro")}</p>
      <FormMessage errors={choice?.error?.[""] ?? null} />
      {list.photos.length ? (
        <ol className="staff-photos" aria-label={t("photos.list")}>
          {list.photos.map((photo, i) => (
            <li key={photo.file}>
              <img
                src={photo.url}
                width="160"
                height="160"
                alt={t("photos.alt", { number: i + 1, name })}
                loading="lazy"
              />
              <p>
                <strong>{i === 0 ? t("photos.main") : t("photos.number", { number: i + 1 })}</strong>
                <br />
                <span className="staff-muted">
                  {t("photos.size", {
                    width: photo.width,
                    height: photo.height,
                    size: germanDigits(Math.ceil(photo.bytes / 1024)),
                  })}
                </span>
              </p>
              {i > 0 ? (
                <PhotoButton
                  intent="photoMain"
                  revision={list.revision}
                  file={photo.file}
                  label={t("photos.makeMainLabel", { number: i + 1 })}
                >
                  {t("photos.makeMain")}
                </PhotoButton>
              ) : null}
              <PhotoButton
                intent="photoRemove"
                revision={list.revision}
                file={photo.file}
                label={t("photos.removeLabel", { number: i + 1 })}
              >
                {t("photos.remove")}
              </PhotoButton>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("photos.none")}</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="staff-card">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="photoAdd" />
        {/* the list the page showed: a change meanwhile makes this form stale */}
        <input type="hidden" name="photosRevision" value={list.revision} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <div className={invalid ? "field has-error" : "field"}>
          <label htmlFor={fields.photo.id}>{t("photos.label")}</label>
          <input
            {...getInputProps(fields.photo, { type: "file", ariaAttributes: false })}
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${hintId} ${fields.photo.errorId}` : hintId}
          />
          <p className="field-hint" id={hintId}>
            {t("photos.hint")}
          </p>
          <FieldErrors field={fields.photo} />
        </div>
        <button type="submit" className="button button-primary">
          {t("photos.submit")}
        </button>
      </Form>
    </section>
  );
}

function PhotoButton({
  intent,
  revision,
  file,
  label,
  children,
}: {
  intent: "photoMain" | "photoRemove";
  revision: number;
  file: string;
  label: string;
  children: string;
}) {
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photosRevision" value={revision} />
      <input type="hidden" name="file" value={file} />
      <button
        type="submit"
        className={intent === "photoMain" ? "button" : "button button-secondary"}
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  );
}
