import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PHOTO_FILE_PATTERN, photoTypeOfFile } from "~/domain/range/photos";
import { getPhoto } from "~/platform/photo-store.server";
import { notFound } from "~/platform/route-data.server";

/**
 * Product photos from the bucket (docs/decisions/0048). The name is the content's SHA-256, so an
 * answer never changes: cached for a year everywhere and never asked again (`immutable`); the hash
 * is the ETag. The type is the one read from the bytes at upload, and `nosniff` keeps a browser
 * from taking the bytes for anything else. `?w=` is only a hint (the original is served locally;
 * Image Resizing makes the sizes in a deployment, platform/images.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const type = photoTypeOfFile(file);
  if (!type) throw notFound();
  const etag = `"${PHOTO_FILE_PATTERN.exec(file)![1]}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  const object = await getPhoto(context.env.PHOTOS, file);
  if (!object) throw notFound();
  if (request.headers.get("If-None-Match")?.includes(etag)) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
