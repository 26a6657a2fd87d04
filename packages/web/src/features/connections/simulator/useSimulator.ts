import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import type { SessionUpdate } from '../types';

export interface SandboxState {
  id: number;
  name: string;
  provider: string;
  status: string;
  qrcode: string;
  retries: number;
  number: string;
  updatedAt: string;
}

export interface Customer {
  number: string;
  name: string;
  updatedAt: string;
  /** Replies the customer has not read yet. */
  unread: number;
}

/** A message as the customer's phone shows it. */
export interface PhoneMessage {
  id: number;
  externalId: string | null;
  fromCustomer: boolean;
  number: string;
  body: string;
  mediaType: string;
  mediaName: string | null;
  mediaUrl: string | null;
  ack: number;
  read: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  ticketId: number;
  ticketStatus: string;
  createdAt: string;
}

export interface OutgoingMedia {
  data: string;
  mimetype: string;
  fileName: string;
}

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
    queryFn: () => api.get<Customer[]>(`${base(id)}/customers`),
    enabled: state.isSuccess,
    refetchInterval: POLL_MS * 2,
  });
  const chat = useQuery({
    queryKey: [...sandboxKey(id), 'chat', number],
    queryFn: () =>
      api.get<{ customer: Customer | null; messages: PhoneMessage[] }>(`${base(id)}/conversations/${number}`),
    enabled: state.isSuccess && Boolean(number),
    refetchInterval: POLL_MS,
  });
  useCompanyEvent<{ session?: SessionUpdate }>('whatsappSession', (data) => {
    if (data.session?.id !== id) return;
    qc.setQueryData<SandboxState>([...sandboxKey(id), 'state'], (old) => old && { ...old, ...data.session });
  });
  useCompanyEvent<{ message?: { whatsappId?: number | null } }>('appMessage', (data) => {
    if (data.message?.whatsappId != null && data.message.whatsappId !== id) return;
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
      mutationFn: (qrcode: string) => api.post(`${base(id)}/scan`, { qrcode }),
      onSuccess: refresh,
    }),
    saveCustomer: useMutation({
      mutationFn: (c: { number: string; name: string }) => api.post<Customer>(`${base(id)}/customers`, c),
      onSuccess: refresh,
    }),
    send: useMutation({
      mutationFn: (m: { number: string; body: string; media?: OutgoingMedia }) =>
        api.post<PhoneMessage>(`${base(id)}/messages`, m),
      onSuccess: refresh,
    }),
    markRead: useMutation({
      mutationFn: (number: string) => api.post<{ read: number }>(`${base(id)}/conversations/${number}/read`),
      onSuccess: refresh,
    }),
  };
}
