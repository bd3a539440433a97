import type { Company, User } from '@vigie/contract/auth.contract';
import { useSyncExternalStore } from 'react';

// Session store (spec section 4). localStorage keeps exactly `token` and `user`; the company
// is only held in memory and comes from GET /api/auth/me or the login answer.

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  /** 'loading' while the stored session is being confirmed by GET /api/auth/me. */
  status: SessionStatus;
  token: string | null;
  user: User | null;
  company: Company | null;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readStoredUser(): User | null {
  const raw = readStorage(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && 'email' in parsed ? (parsed as User) : null;
  } catch {
    return null;
  }
}

function initialState(): SessionState {
  const token = readStorage(TOKEN_KEY);
  const user = readStoredUser();
  if (token && user) return { status: 'loading', token, user, company: null };
  return { status: 'ready', token: null, user: null, company: null };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function getToken(): string | null {
  return state.token;
}

/** After a successful login: store token and user, set user and company. */
export function startSession(token: string, user: User, company: Company) {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Private mode or full storage: the session still works for this tab.
  }
  setState({ status: 'ready', token, user, company });
}

/** After GET /api/auth/me (or a profile change): refresh user and company, keep the token. */
export function updateProfile(user: User, company: Company) {
  if (!state.token) return;
  try {
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Ignored: see startSession.
  }
  setState({ ...state, status: 'ready', user, company });
}

/** Logout, expired session or failed profile fetch: forget everything. */
export function clearSession() {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Ignored: see startSession.
  }
  setState({ status: 'ready', token: null, user: null, company: null });
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
