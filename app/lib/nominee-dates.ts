/** A DATE column as YYYY-MM-DD (it arrives as midnight UTC). */
export const formatDateOnly = (date: Date): string => date.toISOString().slice(0, 10);
