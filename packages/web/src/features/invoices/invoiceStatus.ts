import type { InvoiceStatus } from '@balcao/contracts';

/** The chip colour of a shown status (foundation §4: paid; expired when unpaid past due; open). */
export const STATUS_COLOUR: Record<InvoiceStatus, 'success' | 'error' | 'info'> = {
  paid: 'success',
  expired: 'error',
  open: 'info',
};
