/**
 * Runs one `POST /tickets/bulk` and keeps its answer for the bar to show. Afterwards the ticket
 * lists are read again (the single routes' events also arrive, but a skipped ticket sends none).
 * Undo where it has a reverse (bulkRules.ts): a close is undone by reopening what it closed, a
 * transfer by sending each ticket back.
 */
import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketBulkAnswer, TicketBulkBody } from '@balcao/contracts';
import { changedIds, reverseTransfers } from './bulkRules';
import { toastError } from '../../../lib/toast';
import { bulkTickets } from '../ticketsApi';
import { toastWithUndo } from './UndoToast';

export interface BulkResult extends TicketBulkAnswer {
  action: TicketBulkBody['action'];
}

export function useBulkActions() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [result, setResult] = useState<BulkResult | null>(null);
  const call = useMutation({ mutationFn: bulkTickets });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['tickets'] });

  const undo = async (bodies: TicketBulkBody[]) => {
    try {
      for (const b of bodies) await call.mutateAsync(b);
    } catch (err) {
      toastError(err);
    }
    refresh();
  };

  /** `before`: the selected tickets as the list had them (for a transfer's undo). */
  const run = async (body: TicketBulkBody, before: readonly Ticket[]) => {
    setResult(null);
    try {
      const answer = await call.mutateAsync(body);
      setResult({ ...answer, action: body.action });
      refresh();
      const changed = changedIds(body.ticketIds, answer);
      const done = t('tickets.bulk.done', { count: answer.updated });
      if (changed.length > 0 && body.action === 'close')
        toastWithUndo(done, t('tickets.bulk.undo'), () => void undo([{ action: 'reopen', ticketIds: changed }]));
      else if (changed.length > 0 && body.action === 'transfer')
        toastWithUndo(done, t('tickets.bulk.undo'), () => void undo(reverseTransfers(before, changed)));
      return answer;
    } catch (err) {
      toastError(err);
      return null;
    }
  };

  // Stable: the manager clears the result when the shown list changes (an effect's dependency).
  const clearResult = useCallback(() => setResult(null), []);
  return { run, result, clearResult, busy: call.isPending };
}
