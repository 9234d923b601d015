import { useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { Modal } from "~/components/ui/Modal";
import { productImageSrcSet, productImageUrl } from "~/platform/images";
import { useImageResizing } from "./useImageResizing";

/** The product image; it links to the large image, which JavaScript shows in a lightbox. */
export function ProductGallery({ sku, name }: { sku: string; name: string }) {
  const { t } = useTranslation(["common", "catalog"]);
  const resizing = useImageResizing();
  const [open, setOpen] = useState(false);
  const large = productImageUrl(sku, 1024, resizing);
  return (
    <div className="gallery">
      <a
        href={large}
        className="gallery-link"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <img
          src={productImageUrl(sku, 480, resizing)}
          srcSet={productImageSrcSet(sku, resizing)}
          sizes="(min-width: 64em) 30rem, 90vw"
          width="480"
          height="480"
          alt={t("product.imageAlt", { name })}
          fetchPriority="high"
        />
        <span className="gallery-hint">{t("catalog:detail.enlargeImage")}</span>
      </a>
      {open ? (
        <Modal labelledBy="lightbox-title" onClose={() => setOpen(false)} className="lightbox">
          <h2 id="lightbox-title" className="visually-hidden">
            {t("catalog:detail.largeImage", { name })}
          </h2>
          <img src={large} width="1024" height="1024" alt={t("product.imageAlt", { name })} />
        </Modal>
      ) : null}
    </div>
  );
}
