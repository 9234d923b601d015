import type { NoticeView } from "~/domain/notification/notice";

/**
 * Who is shopping, as every page knows it: the signed-in customer (or none), their CSRF token and
 * wishlist, and the notices waiting to be shown. The root loader fills it; components read it.
 */
export interface Shopper {
  customer: { firstname: string } | null;
  csrf: string | null;
  wishlist: string[];
  notices: NoticeView[];
}
