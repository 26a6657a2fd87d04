/** The spec's business constants, shared by server and web. */
export const WEEKDAYS = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
] as const;

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const APP_VERSION = '8.0.1';
export const SOCKET_PING_MS = 18_000;
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const CONNECTION_WARNING_DELAY_MS = 2_000;
export const ERROR_TOAST_MS = 2_000;
export const TOAST_MS = 3_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const LOGIN_LIMIT = { perEmail: 5, perIp: 20, windowMinutes: 15 } as const;
export const SESSION_REPLACED_MESSAGE = 'Sua conta foi acessada em outro computador.';
