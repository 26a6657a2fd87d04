import type { Charge, ChargeRequest, PaymentProvider } from './payment-provider.js';
import { PaymentProviderError } from './payment-provider.js';

/** One call to Asaas may take this long before the charge counts as failed. */
const TIMEOUT_MS = 15_000;

/**
 * Asaas' v3 API (`baseUrl` includes `/v3`), authenticated by the account's API key in the
 * `access_token` header: a customer (`POST /customers`), a PIX payment for it (`POST /payments`,
 * `billingType: "PIX"`), then the payment's QR code (`GET /payments/{id}/pixQrCode` → `payload`,
 * the copy-and-paste code). Errors come as `{errors: [{code, description}]}`.
 */
export class AsaasProvider implements PaymentProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async createCharge(request: ChargeRequest): Promise<Charge> {
    const { customer } = request;
    const created = await this.call<{ id: string }>('POST', '/customers', {
      name: customer.name,
      email: customer.email,
      ...(customer.cpfCnpj ? { cpfCnpj: customer.cpfCnpj } : {}),
      ...(customer.postalCode ? { postalCode: customer.postalCode } : {}),
      ...(customer.address ? { address: customer.address } : {}),
      notificationDisabled: true,
    });
    const payment = await this.call<{ id: string }>('POST', '/payments', {
      customer: created.id,
      billingType: 'PIX',
      value: request.value,
      dueDate: request.dueDate,
      externalReference: request.externalReference,
      ...(request.description ? { description: request.description } : {}),
    });
    const qr = await this.call<{ payload: string; encodedImage?: string }>(
      'GET',
      `/payments/${encodeURIComponent(payment.id)}/pixQrCode`,
    );
    if (typeof qr.payload !== 'string' || !qr.payload) throw new PaymentProviderError('Asaas answered no PIX code');
    return { paymentId: payment.id, pixCode: qr.payload };
  }

  private async call<T extends object>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl.replace(/\/+$/, '') + path, {
        method,
        headers: {
          access_token: this.apiKey,
          accept: 'application/json',
          'user-agent': 'Balcao',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymentProviderError(`Asaas could not be reached (${(err as Error).name})`);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const errors = ((json as { errors?: { description?: unknown }[] } | undefined)?.errors ?? [])
        .map((e) => (typeof e?.description === 'string' ? e.description.slice(0, 300) : ''))
        .filter(Boolean);
      throw new PaymentProviderError(`Asaas refused ${method} ${path.split('/')[1]} (${res.status})`, {
        status: res.status,
        errors,
      });
    }
    if (!json || typeof json !== 'object')
      throw new PaymentProviderError(`Asaas answered ${method} ${path} without JSON`);
    if (method === 'POST' && typeof (json as { id?: unknown }).id !== 'string')
      throw new PaymentProviderError(`Asaas answered ${method} ${path} without an id`);
    return json as T;
  }
}
