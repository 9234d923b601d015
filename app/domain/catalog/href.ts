/** Where a category and a product live in the shop's URLs. */
export const categoryHref = (id: string) => `/catalog/category/${id}`;

export const productHref = (sku: string) => `/catalog/product/${sku}`;
