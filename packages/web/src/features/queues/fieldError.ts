import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../lib/forms';

/**
 * The shared field-error texts, plus the ones only these pages meet (a colour in use, a
 * greeting required, a malformed colour), kept under `queues.validation`.
 */
export function useRoutingFieldError() {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  return (error: { message?: string } | undefined): string | undefined => {
    const key = error?.message;
    if (key && !i18n.exists(`validation.${key}`) && i18n.exists(`queues.validation.${key}`)) {
      return t(`queues.validation.${key}`);
    }
    return fieldError(error);
  };
}
