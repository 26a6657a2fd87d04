/**
 * Owns the tab's one socket while a user is logged in (made again when the user or company
 * changes) and reacts to the session being taken over by a login elsewhere.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_EVENTS,
  eventName,
  PRESENCE_CLIENT_EVENT,
  USER_STATUS_HEARTBEAT_MS,
  type EventPayload,
  type Topic,
} from '@balcao/contracts';
import { watchActivity } from '../../lib/activity';
import { closeSocket, openSocket } from '../../lib/socket';
import { session } from '../../lib/session';
import { useAuth } from './AuthProvider';

const SocketContext = createContext<Socket | null>(null);
export const useSocket = () => useContext(SocketContext);

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, leave } = useAuth();
  const { t } = useTranslation();
  const [socket, setSocket] = useState<Socket | null>(null);
  const latest = useRef({ leave, t });
  useEffect(() => {
    latest.current = { leave, t };
  });

  const companyId = user?.companyId;
  const userId = user?.id;

  useEffect(() => {
    if (!companyId || !userId) return;
    const s = openSocket(companyId, userId);
    setSocket(s);

    const authEvent = eventName(companyId, 'auth');
    let leaving: ReturnType<typeof setTimeout> | undefined;
    /** A session of ours ended; `reason` 'replaced' means a login elsewhere. */
    const onAuth = (data: EventPayload<'auth'>) => {
      if (data.action !== 'update' || data.user.id !== userId || leaving) return;
      if (session.isLeaving()) return; // our own logout ends the session too
      const replaced = data.reason === 'replaced';
      toast.error(latest.current.t(replaced ? 'auth.sessionReplaced' : 'auth.sessionEnded'), { toastId: 'session-replaced' });
      leaving = setTimeout(() => latest.current.leave(), 1000);
    };
    s.on(authEvent, onAuth);

    const heartbeat = () => s.emit(CLIENT_EVENTS.userStatus);
    s.on('connect', heartbeat);
    const beat = setInterval(() => s.connected && heartbeat(), USER_STATUS_HEARTBEAT_MS);
    // Real input keeps the user online; idle past the threshold the server shows them away.
    const unwatch = watchActivity((lastActivityAt) => s.connected && s.emit(PRESENCE_CLIENT_EVENT, { lastActivityAt }));

    return () => {
      unwatch();
      clearInterval(beat);
      if (leaving) clearTimeout(leaving);
      s.off(authEvent, onAuth);
      s.off('connect', heartbeat);
      closeSocket();
      setSocket(null);
    };
  }, [companyId, userId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/**
 * Listens to `company-{companyId}-{topic}` while the component is mounted; the handler reads the
 * topic's payloads as the contracts' event catalogue types them (switch on `data.action`).
 */
export function useCompanyEvent<T extends Topic>(topic: T, handler: (data: EventPayload<T>) => void) {
  const socket = useSocket();
  const { user } = useAuth();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  const companyId = user?.companyId;
  useEffect(() => {
    if (!socket || !companyId) return;
    const name = eventName(companyId, topic);
    const fn = (data: EventPayload<T>) => ref.current(data);
    socket.on(name, fn);
    return () => {
      socket.off(name, fn);
    };
  }, [socket, companyId, topic]);
}
