import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Connection } from '../../lib/types';

/** States in which a connection needs attention (foundation §2, connections badge). */
export const WARNING_STATES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/**
 * The company's connections (`GET /whatsapp?session=0`). The connections module may not exist
 * yet: any failure simply yields an empty list.
 */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: ['whatsapp'],
    queryFn: async () => {
      try {
        const list = await api.get<Connection[]>('/whatsapp', { session: 0 });
        return Array.isArray(list) ? list : [];
      } catch {
        return [] as Connection[];
      }
    },
    enabled,
    retry: false,
  });
}
