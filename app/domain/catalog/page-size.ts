/**
 * How many products a listing page shows. A module of its own: the tracker island counts
 * positions with it and would otherwise reach the filter module, which then could not ride in
 * the catalogue pages' chunk (docs/decisions/0054).
 */
export const PAGE_SIZE = 60;
