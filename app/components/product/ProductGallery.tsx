import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { whenIdle } from "~/components/layout/hydration";
import { onDemand } from "~/components/layout/on-demand";
import { photoUrl, productImageSrcSet, productImageUrl } from "~/platform/images";
import { useImageResizing } from "./useImageResizing";

/**
 * The lightbox's code (Lightbox.tsx, with Modal) is not part of the page's first load
 * (docs/decisions/0054): fetched once the browser is idle after hydration, or by a click that
 * comes earlier (the lightbox then opens as soon as the file is there).
 */
const Lightbox = onDemand(undefined, () => import("./Lightbox").then((m) => m.default));

/**
 * The product's images: the main one large, further photos (docs/decisions/0048) as thumbnails.
 * Each links to its large image, which JavaScript shows in a lightbox.
 */
export function ProductGallery({ sku, name, photos }: { sku: string; name: string; photos: string[] }) {
  const { t } = useTranslation(["common", "catalog"]);
  const resizing = useImageResizing();
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => whenIdle(() => void Lightbox.load()), []);
  const main = { sku, photo: photos[0] ?? null };
  const large = (i: number) =>
    photos.length ? photoUrl(photos[i], 1024, resizing) : productImageUrl(main, 1024, resizing);
  const show = (i: number) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    setOpen(i);
  };
  return (
    <div className="gallery">
      <a href={large(0)} className="gallery-link" onClick={show(0)}>
        <img
          src={productImageUrl(main, 480, resizing)}
          srcSet={productImageSrcSet(main, resizing)}
          sizes="(min-width: 64em) 30rem, 90vw"
          width="480"
          height="480"
          alt={t("product.imageAlt", { name })}
          fetchPriority="high"
        />
        <span className="gallery-hint">{t("catalog:detail.enlargeImage")}</span>
      </a>
      {photos.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={t("catalog:detail.morePhotos")}>
          {photos.slice(1).map((file, i) => (
            <li key={file}>
              <a href={large(i + 1)} onClick={show(i + 1)}>
                <img
                  src={photoUrl(file, 270, resizing)}
                  width="72"
                  height="72"
                  alt={t("catalog:detail.photoAlt", { number: i + 2, count: photos.length, name })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox name={name} src={large(open)} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
