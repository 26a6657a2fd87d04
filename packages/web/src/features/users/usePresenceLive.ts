/**
 * Lays `company-{id}-user` `{action:'presence'}` over every cached list that shows presence
 * (issue 36): the pickers' user list, the users page, the dashboard's attendants. Mounted once,
 * in the private layout.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Dashboard, PresenceEvent, User, UserOption } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { patchRow } from '../../lib/list/pagedListCache';
import { usersList } from './useUsers';

const patchOf = (e: PresenceEvent) => ({ presence: e.presence, online: e.presence !== 'offline' });

export function usePresenceLive() {
  const qc = useQueryClient();
  useCompanyEvent('user', (e) => {
    if (e.action !== 'presence') return;
    const patch = patchOf(e);
    const mark = <T extends { id: number }>(u: T): T => (u.id === e.userId ? { ...u, ...patch } : u);
    qc.setQueryData<UserOption[]>(['users', 'list'], (old) => old?.map(mark));
    qc.setQueriesData({ queryKey: usersList.key }, (old) => patchRow(old as never, 'users', { id: e.userId, ...patch } as User));
    qc.setQueriesData<Dashboard>({ queryKey: ['dashboard'] }, (old) =>
      old && 'attendants' in old ? { ...old, attendants: old.attendants.map(mark) } : old,
    );
  });
}

/** The hook as an element, for the layout's socket provider to hold. */
export function PresenceLive() {
  usePresenceLive();
  return null;
}
