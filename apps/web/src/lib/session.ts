import type { Company, MeResponse, SessionRestriction, User } from '@vigie/contract/auth.contract';
import { useSyncExternalStore } from 'react';

// Session store. localStorage keeps `token` and `user` (and, for the tabs' shared
// auto-logout, the time of the last activity: idle-activity.ts); the company, the restriction and
// the auto-logout delay are only held in memory and come from GET /api/auth/me or the login answer.

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  /** 'loading' while the stored session is being confirmed by GET /api/auth/me. */
  status: SessionStatus;
  token: string | null;
  user: User | null;
  company: Company | null;
  /** What the session must do before anything else (expired password, two-factor enrolment). */
  restriction: SessionRestriction | null;
  /**
   * Minutes without activity before the browser signs out: null = auto-logout off, undefined = not
   * known yet (the login answer does not carry it: GET /api/auth/me does).
   */
  autoLogoutMinutes: number | null | undefined;
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

const signedOut: SessionState = {
  status: 'ready',
  token: null,
  user: null,
  company: null,
  restriction: null,
  autoLogoutMinutes: undefined,
};

function initialState(): SessionState {
  const token = readStorage(TOKEN_KEY);
  const user = readStoredUser();
  if (token && user) return { ...signedOut, status: 'loading', token, user };
  return signedOut;
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Calls the listener after every change of the session (sign-in, profile, sign-out). */
export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function getToken(): string | null {
  return state.token;
}

/** After a successful login: store token and user, set user, company and the session's restriction. */
export function startSession(
  token: string,
  user: User,
  company: Company,
  restriction: SessionRestriction | null = null,
) {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Private mode or full storage: the session still works for this tab.
  }
  setState({ status: 'ready', token, user, company, restriction, autoLogoutMinutes: undefined });
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

/** GET /api/auth/me answered: the profile, the restriction and the company's auto-logout. */
export function applyMe(me: MeResponse) {
  if (!state.token) return;
  updateProfile(me.user, me.company);
  setState({ ...state, restriction: me.restriction, autoLogoutMinutes: me.autoLogoutMinutes });
}

/**
 * GET /api/auth/me could not reach the server (a phone opening the agent space offline): the stored
 * session is used as it is, unconfirmed — the server still refuses it (401) if it ended meanwhile.
 */
export function keepUnconfirmedSession() {
  if (!state.token || state.status !== 'loading') return;
  setState({ ...state, status: 'ready' });
}

/** A call was refused with a restriction's 403: the session goes to the full-screen step. */
export function setRestriction(restriction: SessionRestriction | null) {
  if (!state.token || state.restriction === restriction) return;
  setState({ ...state, restriction });
}

/** Logout, expired session or failed profile fetch: forget everything. */
export function clearSession() {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Ignored: see startSession.
  }
  setState(signedOut);
}

export function useSession(): SessionState {
  return useSyncExternalStore(onSessionChange, getSession, getSession);
}
