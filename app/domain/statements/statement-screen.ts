import type { StatementFigures } from "./statement-figures";

/** Rows of each growing list the statements page shows at once; the PDF and CSV keep every row. */
export const STATEMENT_SCREEN_PAGE_SIZE = 25;

type Paged<T> = { rows: T[]; page: number; pageCount: number; total: number };

function pageOf<T>(rows: T[], requested: number, size: number): Paged<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1), pageCount);
  return { rows: rows.slice((page - 1) * size, page * size), page, pageCount, total: rows.length };
}

/**
 * The statement as the page shows it (issue 37): the year's summary and the holdings' total
 * value whole, and its holdings, sales and distributions a page at a time (an investor holding
 * 500 properties sent 500 holdings with each view). The movements and fee receipts, which only the PDF lists,
 * are left out of the page's data instead of being sent to the browser unseen: an investor
 * with a thousand purchases in the year sent every one of them with each view.
 */
export function statementOnScreen(
  figures: StatementFigures,
  pages: { sales: number; distributions: number; holdings?: number },
  size = STATEMENT_SCREEN_PAGE_SIZE,
) {
  const { movements, platformFees, gains, distributions, holdings, ...rest } = figures;
  const held = pageOf(holdings, pages.holdings ?? 1, size);
  const sales = pageOf(gains, pages.sales, size);
  const received = pageOf(distributions, pages.distributions, size);
  return {
    ...rest,
    movementCount: movements.length,
    feeReceiptCount: platformFees.length,
    holdings: held.rows,
    holdingsPage: { page: held.page, pageCount: held.pageCount, total: held.total },
    gains: sales.rows,
    salesPage: { page: sales.page, pageCount: sales.pageCount, total: sales.total },
    distributions: received.rows,
    distributionsPage: { page: received.page, pageCount: received.pageCount, total: received.total },
  };
}
