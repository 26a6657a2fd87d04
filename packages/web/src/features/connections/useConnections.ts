import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { SessionUpdate, Whatsapp } from './types';

/** States in which a connection needs attention (foundation §2, connections badge). */
export const WARNING_STATES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export const connectionsKey = ['whatsapp'] as const;

/** The company's connections (`GET /whatsapp?session=0`, a bare array). */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: ({ signal }) => api.get<Whatsapp[]>('/whatsapp', { session: 0 }, { signal }),
    enabled,
    retry: 1,
  });
}

const patch = (qc: QueryClient, id: number, change: (w: Whatsapp) => Whatsapp) =>
  qc.setQueryData<Whatsapp[]>(connectionsKey, (old) => old?.map((w) => (w.id === id ? change(w) : w)));

interface WhatsappEvent {
  action?: string;
  whatsapp?: Whatsapp;
  whatsappId?: number | string;
}

/**
 * Keeps the cached list in step with `company-{id}-whatsapp` (update with the connection, or
 * delete) and `-whatsappSession` (status, qrcode, retries, updatedAt of one connection).
 */
export function useLiveConnections() {
  const qc = useQueryClient();
  useCompanyEvent<WhatsappEvent>('whatsapp', (data) => {
    const list = qc.getQueryData<Whatsapp[]>(connectionsKey);
    if (data.action === 'delete') {
      const id = Number(data.whatsappId);
      qc.setQueryData<Whatsapp[]>(connectionsKey, (old) => old?.filter((w) => w.id !== id));
    } else if (data.whatsapp && list?.some((w) => w.id === data.whatsapp!.id)) {
      const saved = data.whatsapp;
      // One default per company: a new default unsets the others.
      qc.setQueryData<Whatsapp[]>(connectionsKey, (old) =>
        old?.map((w) => (w.id === saved.id ? { ...w, ...saved } : saved.isDefault ? { ...w, isDefault: false } : w)),
      );
    } else {
      void qc.invalidateQueries({ queryKey: connectionsKey });
    }
  });
  useCompanyEvent<{ action?: string; session?: SessionUpdate }>('whatsappSession', (data) => {
    const s = data.session;
    if (!s) return;
    const known = qc.getQueryData<Whatsapp[]>(connectionsKey)?.some((w) => w.id === s.id);
    if (known) patch(qc, s.id, (w) => ({ ...w, ...s }));
    else void qc.invalidateQueries({ queryKey: connectionsKey });
    qc.setQueryData(['sandbox', s.id, 'state'], (old: object | undefined) => old && { ...old, ...s });
  });
}

/** One connection with every field, for the form (`GET /whatsapp/{id}`). */
export function useConnection(id: number | undefined) {
  return useQuery({
    queryKey: ['whatsapp', 'one', id],
    queryFn: () => api.get<Whatsapp>(`/whatsapp/${id}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Puts a saved or changed connection into the list at once (the event follows). */
export const putConnection = (qc: QueryClient, w: Partial<Whatsapp> & { id: number }) =>
  qc.setQueryData<Whatsapp[]>(connectionsKey, (old) =>
    old?.some((x) => x.id === w.id)
      ? old.map((x) => (x.id === w.id ? { ...x, ...w } : x))
      : old && [...old, w as Whatsapp],
  );

export type SessionAction = 'start' | 'newQr' | 'disconnect';
const METHOD = { start: 'post', newQr: 'put', disconnect: 'delete' } as const;

/** The session buttons: POST retries, PUT asks for a new QR, DELETE disconnects. */
export function useSessionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) =>
      api[METHOD[action]]<SessionUpdate>(`/whatsappsession/${id}`),
    onSuccess: (session, { id }) => {
      if (session) patch(qc, id, (w) => ({ ...w, ...session }));
    },
  });
}

export function useDeleteConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueryData<Whatsapp[]>(connectionsKey, (old) => old?.filter((w) => w.id !== id));
      // The default may have moved to another connection.
      void qc.invalidateQueries({ queryKey: connectionsKey });
    },
  });
}
