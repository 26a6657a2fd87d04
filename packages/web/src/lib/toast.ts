/** Toasts: errors translate the server's code (2 s), otherwise the raw message; others 3 s. */
import { toast } from 'react-toastify';
import { ERROR_TOAST_MS, TOAST_MS } from '@balcao/contracts';
import i18n from '../app/providers/i18n';
import { isApiError } from './api';

export function errorText(err: unknown): { text: string; translated: boolean } {
  if (isApiError(err)) {
    // A refused action (delete oneself, a plan in use …) names its reason as a field problem.
    const reason = err.code === 'ERR_VALIDATION' && err.fields ? Object.values(err.fields)[0] : undefined;
    if (reason && i18n.exists(`validation.${reason}`)) return { text: i18n.t(`validation.${reason}`), translated: true };
    const key = `backendErrors.${err.code}`;
    if (err.code && i18n.exists(key)) return { text: i18n.t(key), translated: true };
    return { text: err.message, translated: false };
  }
  if (err instanceof TypeError) return { text: i18n.t('errors.network'), translated: true };
  if (err instanceof Error && err.message) return { text: err.message, translated: false };
  return { text: i18n.t('backendErrors.ERR_INTERNAL_SERVER_ERROR'), translated: true };
}

export function toastError(err: unknown) {
  const { text, translated } = errorText(err);
  toast.error(text, { toastId: text, autoClose: translated ? ERROR_TOAST_MS : TOAST_MS });
}

/** An error text the app already translated (2 s, like translated server errors). */
export const toastErrorText = (text: string) => toast.error(text, { toastId: text, autoClose: ERROR_TOAST_MS });

export const toastSuccess = (text: string) => toast.success(text, { autoClose: TOAST_MS });
export const toastWarning = (text: string) => toast.warn(text, { autoClose: TOAST_MS });
export const toastInfo = (text: string) => toast.info(text, { autoClose: TOAST_MS });
