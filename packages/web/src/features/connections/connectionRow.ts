import { format } from 'date-fns';
import type { SessionAction } from './useConnections';
import type { Connection } from '@balcao/contracts';

/** dd/MM/yy HH:mm (foundation §9, connections table). */
export const lastUpdate = (value: string | undefined) => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? format(d, 'dd/MM/yy HH:mm') : '';
};

/** What a connection's row (or a phone's card) shows and does. */
export interface ConnectionRowProps {
  connection: Connection;
  canSession: boolean;
  canEdit: boolean;
  busyId: number | null;
  onShowQr: (w: Connection) => void;
  onAction: (w: Connection, action: SessionAction) => void;
  onDisconnect: (w: Connection) => void;
  onEdit: (w: Connection) => void;
  onDelete: (w: Connection) => void;
}
