import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { Connection, ConnectionSession, ConnectionStatus, SandboxState } from '@balcao/contracts';

/** States in which a connection needs attention (foundation §2, connections badge). */
export const WARNING_STATES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export const connectionsKey = ['whatsapp'] as const;

/** The company's connections (`GET /whatsapp?session=0`, a bare array). */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: ({ signal }) => api.get<Connection[]>('/whatsapp', { session: 0 }, { signal }),
    enabled,
    retry: 1,
  });
}

/** Changes one cached connection of the list (a connection the list does not hold: nothing). */
export const patchConnection = (qc: QueryClient, id: number, change: (w: Connection) => Connection) =>
  qc.setQueryData<Connection[]>(connectionsKey, (old) => old?.map((w) => (w.id === id ? change(w) : w)));

/**
 * Keeps the cached list in step with `company-{id}-whatsapp` (update with the connection, or
 * delete) and `-whatsappSession` (status, qrcode, retries, updatedAt of one connection).
 */
export function useLiveConnections() {
  const qc = useQueryClient();
  useCompanyEvent('whatsapp', (data) => {
    const list = qc.getQueryData<Connection[]>(connectionsKey);
    if (data.action === 'delete') {
      const id = data.whatsappId;
      qc.setQueryData<Connection[]>(connectionsKey, (old) => old?.filter((w) => w.id !== id));
    } else if (list?.some((w) => w.id === data.whatsapp.id)) {
      const saved = data.whatsapp;
      // One default per company: a new default unsets the others.
      qc.setQueryData<Connection[]>(connectionsKey, (old) =>
        old?.map((w) => (w.id === saved.id ? { ...w, ...saved } : saved.isDefault ? { ...w, isDefault: false } : w)),
      );
    } else {
      void qc.invalidateQueries({ queryKey: connectionsKey });
    }
  });
  useCompanyEvent('whatsappSession', ({ session: s }) => {
    const known = qc.getQueryData<Connection[]>(connectionsKey)?.some((w) => w.id === s.id);
    if (known) patchConnection(qc, s.id, (w) => ({ ...w, ...s }));
    else void qc.invalidateQueries({ queryKey: connectionsKey });
    qc.setQueryData<SandboxState>(['sandbox', s.id, 'state'], (old) => old && { ...old, ...s });
  });
}

/** One connection with every field, for the form (`GET /whatsapp/{id}`). */
export function useConnection(id: number | undefined) {
  return useQuery({
    queryKey: ['whatsapp', 'one', id],
    queryFn: () => api.get<Connection>(`/whatsapp/${id}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Puts a saved or changed connection into the list at once (the event follows). */
export const putConnection = (qc: QueryClient, w: Connection) =>
  qc.setQueryData<Connection[]>(connectionsKey, (old) =>
    old?.some((x) => x.id === w.id) ? old.map((x) => (x.id === w.id ? { ...x, ...w } : x)) : old && [...old, w],
  );

export type SessionAction = 'start' | 'newQr' | 'disconnect';
const METHOD = { start: 'post', newQr: 'put', disconnect: 'delete' } as const;

/** The session buttons: POST retries, PUT asks for a new QR, DELETE disconnects. */
export function useSessionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) =>
      api[METHOD[action]]<ConnectionSession>(`/whatsappsession/${id}`),
    onSuccess: (session, { id }) => {
      patchConnection(qc, id, (w) => ({ ...w, ...session }));
    },
  });
}

export function useDeleteConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueryData<Connection[]>(connectionsKey, (old) => old?.filter((w) => w.id !== id));
      // The default may have moved to another connection.
      void qc.invalidateQueries({ queryKey: connectionsKey });
    },
  });
}
