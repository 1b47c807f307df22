/** The platform fee shown on every primary purchase (spec section 9), charged on top of the shares. */
export const PLATFORM_FEE_RATE = "0.02";

/** Page size of the /properties catalogue. */
export const CATALOGUE_PAGE_SIZE = 12;
export const PLATFORM_FEE_PERCENT_LABEL = "2%";
/** The platform fee includes GST at this rate (ADR 0012): the receipt splits it into taxable value and tax. */
export const GST_RATE_PERCENT = "18";
