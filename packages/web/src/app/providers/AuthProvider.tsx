/**
 * The session of the tab: who is logged in, login, logout. The token lives in local storage;
 * on load a stored token is checked with `GET /auth/me`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { api, onSessionEnded } from '../../lib/api';
import { session } from '../../lib/session';
import type { LoginAnswer, SessionUser } from '@balcao/contracts';

interface AuthContextValue {
  user: SessionUser | null;
  loading: boolean;
  /** Where a public page sends the user once logged in (/tickets right after a login). */
  landing: string;
  login: (email: string, password: string) => Promise<void>;
  /** Starts the session a login answered (the billing path signs in again after paying), landing on `landing`. */
  adopt: (answer: LoginAnswer, landing?: string) => void;
  logout: () => Promise<void>;
  /** Leaves without calling the server (the session already ended elsewhere). */
  leave: () => void;
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The user object for pages under the private layout (never null there). */
export function useCurrentUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser without a session');
  return user;
}

/** `GET /auth/me`: the signed-in user, read fresh. */
const fetchMe = () => api.get<SessionUser>('/auth/me');

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState<boolean>(() => Boolean(session.getToken()));
  const [landing, setLanding] = useState('/');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const leave = useCallback(() => {
    session.clear();
    setUser(null);
    setLanding('/');
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => {
    onSessionEnded(leave);
    return () => onSessionEnded(null);
  }, [leave]);

  const refreshUser = useCallback(async () => {
    setUser(await fetchMe());
  }, []);

  useEffect(() => {
    if (!session.getToken()) return;
    let alive = true;
    fetchMe()
      .then((me) => alive && setUser(me))
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  const adopt = useCallback(
    (data: LoginAnswer, to = '/tickets') => {
      session.save(data.token, data.user.companyId, data.user.id);
      queryClient.clear();
      // The public-page guard moves to `landing` in the same render as the user appears.
      setLanding(to);
      setUser(data.user);
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const data = await api.post<LoginAnswer>('/auth/login', { email, password }, { auth: false });
      adopt(data);
      toast.dismiss(); // earlier "wrong password" notices no longer apply
      // A subscription near its due date shows in the top bar (SubscriptionWarning), not here.
    },
    [adopt],
  );

  const logout = useCallback(async () => {
    session.markLeaving();
    try {
      await api.delete('/auth/logout');
    } catch {
      /* the session ends locally anyway */
    }
    leave();
  }, [leave]);

  const value = useMemo(
    () => ({ user, loading, landing, login, adopt, logout, leave, refreshUser }),
    [user, loading, landing, login, adopt, logout, leave, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
