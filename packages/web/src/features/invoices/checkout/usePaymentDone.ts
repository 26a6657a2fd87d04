import { useEffect, useRef } from 'react';
import type { LoginAnswer } from '@balcao/contracts';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { billingCalls } from '../billingCalls';

/** How often the expired company's checkout asks whether its invoice is paid (it has no socket). */
const POLL_MS = 3_000;

export interface PaymentDone {
  /** The company's new due date. */
  dueDate: string | null;
  /** The expired company's path: the session its login now opens. */
  signedIn?: LoginAnswer;
}

/**
 * Tells once that the invoice was paid, while `waiting`. A signed-in admin hears it on
 * `company-{id}-payment` (CONCLUIDA, with the company and its new due date). An expired company
 * paying from the login page has no session and so no socket: it asks for its invoice with the
 * billing token every 3 s, and once paid signs in with the credentials it was refused with.
 */
export function usePaymentDone(
  invoiceId: number,
  waiting: boolean,
  onDone: (done: PaymentDone) => void,
  billing?: { token: string; email: string; password: string },
) {
  const told = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const tell = (value: PaymentDone) => {
    if (told.current) return;
    told.current = true;
    done.current(value);
  };

  useCompanyEvent('payment', (event) => {
    if (waiting && !billing && event.action === 'CONCLUIDA') tell({ dueDate: event.company.dueDate });
  });

  useEffect(() => {
    if (!waiting || !billing) return;
    const calls = billingCalls(billing.token);
    let busy = false;
    const timer = setInterval(() => {
      if (busy || told.current) return;
      busy = true;
      calls
        .invoice(invoiceId)
        .then(async (invoice) => {
          if (invoice.status !== 'paid') return;
          const answer = await api.post<LoginAnswer>(
            '/auth/login',
            { email: billing.email, password: billing.password },
            { auth: false },
          );
          tell({ dueDate: answer.user.company.dueDate, signedIn: answer });
        })
        .catch(() => undefined) // asked again at the next tick
        .finally(() => {
          busy = false;
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, invoiceId, billing]);
}
