import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as it arrived (path without the `/v3` prefix and the query). */
export interface AsaasRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body?: any;
  /** The HTTP status it was answered with. */
  answered?: number;
}

export interface FakeAsaasPayment {
  object: 'payment';
  id: string;
  customer: string;
  value: number;
  netValue: number;
  billingType: string;
  status: 'PENDING' | 'RECEIVED' | 'CONFIRMED';
  dueDate: string;
  externalReference: string | null;
  description: string | null;
  invoiceUrl: string;
  dateCreated: string;
  deleted: false;
}

const asaasErrors = (code: string, description: string) => ({ errors: [{ code, description }] });
/** Asaas' today: the day in São Paulo. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
/** A 1×1 PNG: what `encodedImage` holds is not read by the app (it draws the QR from `payload`). */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * A real HTTP server on 127.0.0.1 speaking the part of Asaas' v3 API billing uses: `POST
 * /customers`, `POST /payments` (PIX), `GET /payments/{id}` and `GET /payments/{id}/pixQrCode`,
 * each checking the `access_token` header against the account's API key (401 otherwise, as
 * Asaas does) and the body as Asaas would (name required, CPF/CNPJ digits, a known customer, a
 * billing type, a positive value, a due date not before today). Errors come in Asaas' shape,
 * `{errors: [{code, description}]}`. It records every request, can be told to fail the next ones,
 * and builds the webhook events Asaas would send for a payment (`event(paymentId, 'PAYMENT_RECEIVED')`).
 */
export async function startFakeAsaas(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? `$aact_${randomBytes(24).toString('hex')}`;
  const requests: AsaasRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, FakeAsaasPayment>();
  let failNext: { count: number; status: number; body: unknown } | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const record: AsaasRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/v3/, ''),
        headers: req.headers,
      };
      const raw = Buffer.concat(chunks).toString('utf8');
      let answer: { status: number; json: unknown };
      try {
        if (raw) record.body = JSON.parse(raw);
        answer = route(req, record);
      } catch {
        answer = { status: 400, json: asaasErrors('invalid_object', 'Invalid JSON') };
      }
      requests.push(record);
      record.answered = answer.status;
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.json));
    });
  });

  function route(req: http.IncomingMessage, record: AsaasRequest): { status: number; json: unknown } {
    if (req.headers.access_token !== apiKey) {
      return { status: 401, json: asaasErrors('invalid_access_token', 'A chave de API fornecida é inválida') };
    }
    if (failNext && failNext.count > 0) {
      failNext.count--;
      return { status: failNext.status, json: failNext.body };
    }
    const body = (record.body ?? {}) as Record<string, any>;
    const { method, path } = record;

    if (method === 'POST' && path === '/customers') {
      if (typeof body.name !== 'string' || !body.name.trim())
        return { status: 400, json: asaasErrors('invalid_name', 'O nome do cliente deve ser informado.') };
      if (body.cpfCnpj !== undefined && !/^(\d{11}|\d{14})$/.test(String(body.cpfCnpj)))
        return { status: 400, json: asaasErrors('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.') };
      const id = `cus_${randomBytes(6).toString('hex')}`;
      const customer = { object: 'customer', id, dateCreated: today(), ...body };
      customers.set(id, customer);
      return { status: 200, json: customer };
    }

    if (method === 'POST' && path === '/payments') {
      if (!customers.has(String(body.customer)))
        return { status: 400, json: asaasErrors('invalid_customer', 'Cliente inexistente.') };
      if (!['PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED'].includes(String(body.billingType)))
        return { status: 400, json: asaasErrors('invalid_billingType', 'Forma de pagamento inválida.') };
      if (typeof body.value !== 'number' || !(body.value > 0))
        return { status: 400, json: asaasErrors('invalid_value', 'O valor da cobrança deve ser informado.') };
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.dueDate)) || String(body.dueDate) < today())
        return {
          status: 400,
          json: asaasErrors('invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.'),
        };
      const id = `pay_${randomBytes(6).toString('hex')}`;
      const payment: FakeAsaasPayment = {
        object: 'payment',
        id,
        customer: String(body.customer),
        value: body.value,
        netValue: Math.round(body.value * 0.99 * 100) / 100,
        billingType: String(body.billingType),
        status: 'PENDING',
        dueDate: String(body.dueDate),
        externalReference: body.externalReference === undefined ? null : String(body.externalReference),
        description: body.description === undefined ? null : String(body.description),
        invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
        dateCreated: today(),
        deleted: false,
      };
      payments.set(id, payment);
      return { status: 200, json: payment };
    }

    const qr = /^\/payments\/([^/]+)\/pixQrCode$/.exec(path);
    if (method === 'GET' && qr) {
      const payment = payments.get(decodeURIComponent(qr[1]!));
      if (!payment) return { status: 404, json: asaasErrors('invalid_action', 'Cobrança não encontrada.') };
      return {
        status: 200,
        json: { encodedImage: PIXEL, payload: pixCodeOf(payment), expirationDate: `${payment.dueDate} 23:59:59` },
      };
    }
    const one = /^\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const payment = payments.get(decodeURIComponent(one[1]!));
      return payment
        ? { status: 200, json: payment }
        : { status: 404, json: asaasErrors('invalid_action', 'Cobrança não encontrada.') };
    }
    return { status: 404, json: asaasErrors('not_found', 'Recurso não encontrado.') };
  }

  /** A PIX copy-and-paste code naming the payment (the real one is an EMV text of this shape). */
  const pixCodeOf = (p: FakeAsaasPayment) =>
    `00020101021226820014br.gov.bcb.pix2560pix.asaas.com/qr/cobv/${p.id}5204000053039865406${p.value.toFixed(2)}5802BR6009SAO PAULO62070503***6304ABCD`;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;

  return {
    /** The API's base URL, `/v3` included (ASAAS_API_URL). */
    url,
    apiKey,
    requests,
    customers,
    payments,
    pixCodeOf,
    /** The next `count` authenticated calls answer `status` with Asaas' error body. */
    failNext(count: number, status = 400, body: unknown = asaasErrors('invalid_action', 'Falha simulada.')) {
      failNext = { count, status, body };
    },
    /** The event Asaas would post for the payment (it turns RECEIVED/CONFIRMED as the event says). */
    event(paymentId: string, event: 'PAYMENT_RECEIVED' | 'PAYMENT_CONFIRMED' | 'PAYMENT_CREATED' | 'PAYMENT_OVERDUE') {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      if (event === 'PAYMENT_RECEIVED') payment.status = 'RECEIVED';
      if (event === 'PAYMENT_CONFIRMED') payment.status = 'CONFIRMED';
      return {
        id: `evt_${randomBytes(16).toString('hex')}&${Date.now()}`,
        event,
        dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
        payment: { ...payment },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeAsaas = Awaited<ReturnType<typeof startFakeAsaas>>;

/** Posts an event to the app's Asaas webhook as Asaas does, with `token` in `asaas-access-token` (none: no header). */
export async function deliverAsaasEvent(appUrl: string, event: unknown, token?: string) {
  const res = await fetch(`${appUrl}/api/webhooks/asaas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { 'asaas-access-token': token }) },
    body: JSON.stringify(event),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}
