/**
 * A product's photos in the back office (issue 33 §2, docs/decisions/0048). A new photo's bytes go
 * to the bucket first, under their content address; then one D1 batch records the change: the photo
 * rows, the main photo's copy on the product (what every list shows), the range's version (so
 * cached pages are not found any more, decision 0046) and exactly one audit entry. The batch applies
 * only to the photo list the form showed (`photos_revision`): a stale form or a second click changes
 * nothing. A bucket object whose batch then failed is harmless: no row names it, so no page shows it.
 */
import { sql } from "kysely";
import { catalogueChanged } from "~/platform/catalogue-version.server";
import { all, failedConstraint, first, isConstraint, prepare } from "~/platform/db.server";
import { putPhoto, sha256Hex } from "~/platform/photo-store.server";
import { type AuditFacts, auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { MAX_PHOTOS_PER_PRODUCT, type PhotoRefusal, checkPhoto, photoFile } from "./photos";

/** Aborts the batch when the statement before it changed nothing (migration 0018's staff_guard). */
const UNCHANGED = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

export interface ProductPhoto {
  file: string;
  width: number;
  height: number;
  bytes: number;
  position: number;
}

export interface PhotoList {
  /** the list's revision: the state a form was shown for */
  revision: number;
  /** in order; the first is the main photo */
  photos: ProductPhoto[];
}

export type PhotoChangeResult =
  | { ok: true }
  | { ok: false; reason: PhotoRefusal | "changedMeanwhile" | "notFound" | "duplicate" | "tooMany" | "notStored" };

export async function photoList(db: D1Database, sku: string): Promise<PhotoList | null> {
  const product = await first<{ revision: number }>(
    db,
    sql`SELECT photos_revision AS revision FROM product WHERE sku = ${sku}`,
  );
  if (!product) return null;
  const photos = await all<ProductPhoto>(
    db,
    sql`SELECT file, width, height, bytes, position FROM product_photo WHERE sku = ${sku} ORDER BY position`,
  );
  return { revision: product.revision, photos };
}

/** The product row's part of every change: only from the revision the form showed. */
const guardedProduct = (db: D1Database, sku: string, revision: number, main: string | null) => [
  prepare(
    db,
    sql`UPDATE product SET photos_revision = photos_revision + 1, photo = ${main}
      WHERE sku = ${sku} AND photos_revision = ${revision}`,
  ),
  prepare(db, UNCHANGED),
];

function refusedAs(error: unknown): PhotoChangeResult {
  const failure = failedConstraint(error);
  if (isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" }))
    return { ok: false, reason: "changedMeanwhile" };
  if (isConstraint(failure, { kind: "UNIQUE", name: "product_photo.sku, product_photo.file" }))
    return { ok: false, reason: "duplicate" };
  throw error;
}

/**
 * One photo change as one batch: the product's main photo and list revision, only from the revision
 * the form showed, then the change, the range's version and its one audit entry.
 */
async function photoBatch(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  change: {
    revision: number;
    main: string | null;
    statements: D1PreparedStatement[];
    audit: Pick<AuditFacts, "before" | "after">;
  },
  now: number,
): Promise<PhotoChangeResult> {
  try {
    await db.batch([
      ...guardedProduct(db, sku, change.revision, change.main),
      ...change.statements,
      catalogueChanged(db),
      auditEntry(db, staff, { action: "range.photos", subject: sku, ...change.audit }, now),
    ]);
    return { ok: true };
  } catch (error) {
    return refusedAs(error);
  }
}

/** A new photo at the end of the list (the main photo when it is the first). */
export async function addPhoto(
  db: D1Database,
  bucket: R2Bucket,
  staff: StaffMember,
  sku: string,
  upload: { revision: number; bytes: Uint8Array },
  now = Date.now(),
): Promise<PhotoChangeResult> {
  const facts = checkPhoto(upload.bytes);
  if ("refused" in facts) return { ok: false, reason: facts.refused };
  const list = await photoList(db, sku);
  if (!list) return { ok: false, reason: "notFound" };
  if (list.revision !== upload.revision) return { ok: false, reason: "changedMeanwhile" };
  if (list.photos.length >= MAX_PHOTOS_PER_PRODUCT) return { ok: false, reason: "tooMany" };
  const file = photoFile(await sha256Hex(upload.bytes), facts.type);
  if (list.photos.some((p) => p.file === file)) return { ok: false, reason: "duplicate" };
  try {
    await putPhoto(bucket, file, upload.bytes, facts.type);
  } catch (error) {
    // the bucket did not answer: nothing is recorded, the form says to try again
    console.error("product photo not stored", error);
    return { ok: false, reason: "notStored" };
  }
  const photo = { file, width: facts.width, height: facts.height, bytes: upload.bytes.byteLength };
  return photoBatch(
    db,
    staff,
    sku,
    {
      revision: list.revision,
      main: list.photos[0]?.file ?? file,
      statements: [
        prepare(
          db,
          sql`INSERT INTO product_photo (sku, file, content_type, width, height, bytes, position, staff_id, added_at)
            VALUES (${sku}, ${file}, ${facts.type}, ${photo.width}, ${photo.height}, ${photo.bytes},
              ${list.photos.length}, ${staff.id}, ${Math.floor(now / 1000)})`,
        ),
      ],
      audit: { after: { added: photo } },
    },
    now,
  );
}

/** Takes a photo off the product; the next one moves up (and becomes the main photo if it was). */
export async function removePhoto(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  change: { revision: number; file: string },
  now = Date.now(),
): Promise<PhotoChangeResult> {
  const list = await photoList(db, sku);
  if (!list) return { ok: false, reason: "notFound" };
  const photo = list.photos.find((p) => p.file === change.file);
  if (list.revision !== change.revision || !photo) return { ok: false, reason: "changedMeanwhile" };
  const rest = list.photos.filter((p) => p !== photo);
  return photoBatch(
    db,
    staff,
    sku,
    {
      revision: list.revision,
      main: rest[0]?.file ?? null,
      statements: [
        prepare(db, sql`DELETE FROM product_photo WHERE sku = ${sku} AND file = ${photo.file}`),
        prepare(
          db,
          sql`UPDATE product_photo SET position = position - 1 WHERE sku = ${sku} AND position > ${photo.position}`,
        ),
      ],
      audit: { before: { removed: photo.file } },
    },
    now,
  );
}

/** Makes a photo the main one: it moves to the front, those before it one place back. */
export async function makeMainPhoto(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  change: { revision: number; file: string },
  now = Date.now(),
): Promise<PhotoChangeResult> {
  const list = await photoList(db, sku);
  if (!list) return { ok: false, reason: "notFound" };
  const photo = list.photos.find((p) => p.file === change.file);
  if (list.revision !== change.revision || !photo || photo.position === 0)
    return { ok: false, reason: "changedMeanwhile" };
  return photoBatch(
    db,
    staff,
    sku,
    {
      revision: list.revision,
      main: photo.file,
      statements: [
        prepare(
          db,
          sql`UPDATE product_photo SET position = CASE WHEN file = ${photo.file} THEN 0 ELSE position + 1 END
            WHERE sku = ${sku} AND position <= ${photo.position}`,
        ),
      ],
      audit: { before: { main: list.photos[0].file }, after: { main: photo.file } },
    },
    now,
  );
}
