import { useTranslation } from "~/i18n/texts";
import { Modal } from "~/components/ui/Modal";

/**
 * A gallery image large in the shop's dialog. Loaded on demand (ProductGallery.tsx): the product
 * page's first load goes without it and Modal (docs/decisions/0054).
 */
export default function Lightbox({ name, src, onClose }: { name: string; src: string; onClose: () => void }) {
  const { t } = useTranslation(["common", "catalog"]);
  return (
    <Modal labelledBy="lightbox-title" onClose={onClose} className="lightbox">
      <h2 id="lightbox-title" className="visually-hidden">
        {t("catalog:detail.largeImage", { name })}
      </h2>
      <img src={src} width="1024" height="1024" alt={t("product.imageAlt", { name })} />
    </Modal>
  );
}
