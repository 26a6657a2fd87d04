import { format } from 'date-fns';
import type { SessionAction } from './useConnections';
import type { Whatsapp } from './types';

/** dd/MM/yy HH:mm (foundation §9, connections table). */
export const lastUpdate = (value: string | undefined) => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? format(d, 'dd/MM/yy HH:mm') : '';
};

/** What a connection's row (or a phone's card) shows and does. */
export interface ConnectionRowProps {
  connection: Whatsapp;
  canSession: boolean;
  canEdit: boolean;
  busyId: number | null;
  onShowQr: (w: Whatsapp) => void;
  onAction: (w: Whatsapp, action: SessionAction) => void;
  onDisconnect: (w: Whatsapp) => void;
  onEdit: (w: Whatsapp) => void;
  onDelete: (w: Whatsapp) => void;
}
