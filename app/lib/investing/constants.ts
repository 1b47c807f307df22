/** The platform fee shown on every primary purchase (spec section 9), charged on top of the shares. */
export const PLATFORM_FEE_RATE = "0.02";

/** Page size of the /properties catalogue. */
export const CATALOGUE_PAGE_SIZE = 12;
