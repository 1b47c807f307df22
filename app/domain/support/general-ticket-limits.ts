/** Lengths a general support ticket accepts; shared by the form and the server's check. */
export const GENERAL_TICKET_LIMITS = { subject: 150, description: 2000 } as const;
