/**
 * The error catalogue: every code the API may answer with, and its usual HTTP status.
 * A few codes answer with another status in one place (ERR_SESSION_EXPIRED is 401 when the
 * session has ended or no token was sent, 403 when the access token expired).
 */
export const ERROR_STATUS = {
  ERR_VALIDATION: 400,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_NO_DEF_WAPP_FOUND: 400,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SESSION_EXPIRED: 403,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_NO_PERMISSION: 403,
  ERR_PLAN_LIMIT: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NOT_FOUND: 404,
  ERR_USER_DONT_EXISTS: 404,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_OTHER_OPEN_TICKET: 409,
  // Cloud API: free text to a customer who has not written in 24 hours (Meta accepts only a template).
  ERR_WINDOW_CLOSED: 409,
  // A schedule already handed to WhatsApp (sent, or on its way) is no longer edited.
  ERR_SCHEDULE_SENT: 409,
  // A campaign past the point where its form may change (running, finished, or starting within the hour).
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  // Cancel of a campaign not in progress, restart of one not cancelled.
  ERR_CAMPAIGN_STATE: 409,
  ERR_PAYLOAD_TOO_LARGE: 413,
  // Refused before any route runs (the router, Node's HTTP parser): a path parameter past 100
  // characters, headers or address past 16 KB, a request that took too long to arrive.
  ERR_URI_TOO_LONG: 414,
  ERR_HEADERS_TOO_LARGE: 431,
  ERR_REQUEST_TIMEOUT: 408,
  ERR_RATE_LIMITED: 429,
  ERR_INTERNAL_SERVER_ERROR: 500,
  // GET /api/ready: the process should not get traffic (database down, migrations pending, shutting down).
  ERR_NOT_READY: 503,
  // The connection is not up (not paired, down, held elsewhere): a state the caller can change.
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 502,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_SENDING_WAPP_MSG: 502,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  // Billing: the payment provider (Asaas) refused the charge or could not be reached.
  ERR_PAYMENT_PROVIDER: 502,
  // Billing: the platform has no provider token yet (the operator's `asaas` setting).
  ERR_PAYMENT_NOT_CONFIGURED: 409,
  // Billing: checkout of an invoice that is already paid.
  ERR_INVOICE_PAID: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Body of every 4xx/5xx answer. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  /** ERR_VALIDATION only: field path → first problem found. */
  fields?: Record<string, string>;
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
