/**
 * The catalogue's calls (spec section 7 "Search and catalog"): public, read-only, through the same
 * domain functions as the category, product and search pages.
 */
import type { Operation } from "../operation.server";

export const CATALOG_OPERATIONS: Operation[] = [];
