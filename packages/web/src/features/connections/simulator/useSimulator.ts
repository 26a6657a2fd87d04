import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import type {
  SandboxConversation,
  SandboxCustomer,
  SandboxCustomerEntry,
  SandboxMessageBody,
  SandboxPhoneMessage,
  SandboxReadAnswer,
  SandboxScanAnswer,
  SandboxState,
} from '@balcao/contracts';

/** Polling backs the live events up (a dropped socket, another process's write). */
const POLL_MS = 3000;

const base = (id: number) => `/sandbox/${id}`;
export const sandboxKey = (id: number) => ['sandbox', id] as const;

/** The simulator's data for one sandbox connection, kept live by socket events and polling. */
export function useSandbox(id: number, number: string | null) {
  const qc = useQueryClient();
  const state = useQuery({
    queryKey: [...sandboxKey(id), 'state'],
    queryFn: () => api.get<SandboxState>(base(id)),
    refetchInterval: (q) => (q.state.data?.status === 'CONNECTED' || q.state.error ? false : POLL_MS),
    retry: false,
  });
  const customers = useQuery({
    queryKey: [...sandboxKey(id), 'customers'],
    queryFn: () => api.get<SandboxCustomerEntry[]>(`${base(id)}/customers`),
    enabled: state.isSuccess,
    refetchInterval: POLL_MS * 2,
  });
  const chat = useQuery({
    queryKey: [...sandboxKey(id), 'chat', number],
    queryFn: () => api.get<SandboxConversation>(`${base(id)}/conversations/${number}`),
    enabled: state.isSuccess && Boolean(number),
    refetchInterval: POLL_MS,
  });
  useCompanyEvent('whatsappSession', ({ session }) => {
    if (session.id !== id) return;
    qc.setQueryData<SandboxState>([...sandboxKey(id), 'state'], (old) => old && { ...old, ...session });
  });
  useCompanyEvent('appMessage', (data) => {
    // A new message says its ticket's connection; a changed one (acks, edits) does not.
    if (data.action === 'create' && data.ticket.whatsappId !== id) return;
    void qc.invalidateQueries({ queryKey: [...sandboxKey(id), 'chat'] });
    void qc.invalidateQueries({ queryKey: [...sandboxKey(id), 'customers'] });
  });
  return { state, customers, chat };
}

export function useSimulatorActions(id: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: sandboxKey(id) });
  return {
    scan: useMutation({
      mutationFn: (qrcode: string) => api.post<SandboxScanAnswer>(`${base(id)}/scan`, { qrcode }),
      onSuccess: refresh,
    }),
    saveCustomer: useMutation({
      mutationFn: (c: { number: string; name: string }) => api.post<SandboxCustomer>(`${base(id)}/customers`, c),
      onSuccess: refresh,
    }),
    send: useMutation({
      mutationFn: (m: SandboxMessageBody) => api.post<SandboxPhoneMessage>(`${base(id)}/messages`, m),
      onSuccess: refresh,
    }),
    markRead: useMutation({
      mutationFn: (number: string) => api.post<SandboxReadAnswer>(`${base(id)}/conversations/${number}/read`),
      onSuccess: refresh,
    }),
  };
}
