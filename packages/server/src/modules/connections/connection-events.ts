import { domainEvent } from '../../platform/domain-event.js';
import type { ConnectionView } from './connection-view.js';

/** A connection's session as the `whatsappSession` event carries it (the connections page's status). */
export interface SessionView {
  id: number;
  name: string;
  status: ConnectionView['status'];
  qrcode: string;
  retries: number;
  number?: string;
  updatedAt: Date;
}

/** The `whatsapp` and `whatsappSession` topics: the connections page, which admins see. */
export const connectionEvents = {
  /** Created or changed, as the admin who changed it sees it. */
  saved: (companyId: number, whatsapp: ConnectionView) =>
    domainEvent(companyId, 'whatsapp', { action: 'update', whatsapp }, { to: 'admins' }),
  deleted: (companyId: number, whatsappId: number) =>
    domainEvent(companyId, 'whatsapp', { action: 'delete', whatsappId }, { to: 'admins' }),
  /** The session's status, QR code or number changed (a button, or the session itself). */
  session: (companyId: number, session: SessionView) =>
    domainEvent(companyId, 'whatsappSession', { action: 'update', session }, { to: 'admins' }),
};
