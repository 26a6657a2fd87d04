import { EXTERNAL_API_LIMITS } from '@balcao/contracts';

/** The endpoint as a caller outside the browser reaches it (this page's own origin). */
export const sendUrl = (origin: string) => `${origin}/api/messages/send`;

/** `curl` with a JSON body: a text to a number. */
export const curlJson = (url: string, token: string) =>
  [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"number": "5511999999999", "body": "Olá! Seu pedido saiu para entrega."}'`,
  ].join('\n');

/** `curl` with a file (multipart): `medias` once per file, `body` its caption. */
export const curlFile = (url: string, token: string) =>
  [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -F 'number=5511999999999' \\`,
    `  -F 'body=Segue o boleto' \\`,
    `  -F 'medias=@boleto.pdf'`,
  ].join('\n');

export const okAnswer = JSON.stringify({ message: 'sent', ticketId: 42, contactId: 7, messageIds: [1301] }, null, 2);

/** Each refusal the endpoint answers, in the order a request meets them. */
export const API_ERRORS = [
  { status: 401, code: 'ERR_INVALID_CREDENTIALS', key: 'token' },
  { status: 402, code: 'ERR_SUBSCRIPTION_EXPIRED', key: 'expired' },
  { status: 403, code: 'ERR_NO_PERMISSION', key: 'plan' },
  { status: 429, code: 'ERR_RATE_LIMITED', key: 'rate' },
  { status: 400, code: 'ERR_VALIDATION', key: 'validation' },
  { status: 413, code: 'ERR_PAYLOAD_TOO_LARGE', key: 'tooLarge' },
] as const;

export const limits = {
  perMinute: EXTERNAL_API_LIMITS.perMinute,
  maxFileMb: EXTERNAL_API_LIMITS.maxFileBytes / (1024 * 1024),
  maxFiles: EXTERNAL_API_LIMITS.maxFiles,
  maxBodyLength: EXTERNAL_API_LIMITS.maxBodyLength,
  failuresPerAddress: EXTERNAL_API_LIMITS.failuresPerAddress,
  failureWindowMinutes: EXTERNAL_API_LIMITS.failureWindowMinutes,
};
