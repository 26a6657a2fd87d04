/**
 * `/schedules?contactId=` (operations §2): the contact is read, the new-schedule dialog opens
 * with it, and the parameter leaves the address (a reload does not open it again).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@balcao/contracts';
import { api } from '../../lib/api';
import { toastError } from '../../lib/toast';
import type { ScheduleContact } from './scheduleContact';

export function usePrefilledContact(open: (contact?: ScheduleContact) => void) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('contactId');
  const contactId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const contact = useQuery({
    queryKey: ['contacts', 'one', contactId],
    queryFn: ({ signal }) => api.get<Contact>(`/contacts/${contactId}`, undefined, { signal }),
    enabled: contactId !== undefined,
    retry: false,
  });
  const { data, error } = contact;
  useEffect(() => {
    if (raw === null || (contactId !== undefined && !data && !error)) return;
    if (error) toastError(error);
    open(data);
    setParams(
      (p) => {
        p.delete('contactId');
        return p;
      },
      { replace: true },
    );
  }, [raw, contactId, data, error, open, setParams]);
}
