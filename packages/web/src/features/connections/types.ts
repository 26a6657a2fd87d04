import type { Provider } from '@balcao/contracts';
import type { Connection, QueueRef } from '../../lib/types';

/** Session states (foundation §4); the server writes them exactly so. */
export type SessionStatus = 'qrcode' | 'PAIRING' | 'CONNECTED' | 'OPENING' | 'DISCONNECTED' | 'TIMEOUT';

/** A connection as `GET /whatsapp` shows it to an admin (token in full, Cloud secrets masked). */
export interface Whatsapp extends Connection {
  status: SessionStatus | string;
  isDefault: boolean;
  provider: Provider;
  qrcode: string;
  retries: number;
  number?: string;
  updatedAt: string;
  token?: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  queues: QueueRef[];
  queueIds: number[];
  phoneNumberId?: string | null;
  accessToken?: string | null;
  appSecret?: string | null;
  verifyToken?: string | null;
}

/** `company-{id}-whatsappSession` payload's session. */
export interface SessionUpdate {
  id: number;
  status?: string;
  qrcode?: string;
  retries?: number;
  number?: string;
  updatedAt?: string;
}
