/**
 * A payment provider as billing sees it: one call that makes a PIX charge and answers its id and
 * copy-and-paste code. Asaas is the one implementation (`asaas.ts`); tests run it against a fake
 * that speaks Asaas' API over HTTP (`test/support/fake-asaas.ts`).
 */
export interface ChargePayer {
  name: string;
  email: string;
  /** CPF (11 digits) or CNPJ (14), when the payer gave one. */
  cpfCnpj?: string;
  postalCode?: string;
  address?: string;
}

export interface ChargeRequest {
  customer: ChargePayer;
  /** In BRL, two decimals at most. */
  value: number;
  /** YYYY-MM-DD, not before today (providers refuse a past due date). */
  dueDate: string;
  /** Our reference, sent back with the provider's payment events (the invoice id). */
  externalReference: string;
  description?: string;
}

export interface Charge {
  paymentId: string;
  /** The PIX copy-and-paste code (a QR code carries the same text). */
  pixCode: string;
}

export interface PaymentProvider {
  createCharge(request: ChargeRequest): Promise<Charge>;
}

/** The provider refused or could not be reached; `detail` is its own words, for the log and the caller. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly detail: { status?: number; errors?: string[] } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
