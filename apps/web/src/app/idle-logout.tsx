import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { getMe } from '../features/auth/api/get-me';
import { signOut as endSession } from '../features/auth/api/logout';
import { t } from '../lib/i18n/i18n';
import { idlePhase, readLastActivity, writeLastActivity } from '../lib/idle-activity';
import { applyMe, clearSession, useSession } from '../lib/session';
import { IdleWarningDialog } from './idle-warning-dialog';
import { queryClient } from './query-client';

/** Activity is written at most this often (a moving pointer fires many events). */
const WRITE_EVERY_MS = 5_000;
/** Activity without any API call for this long pings the server, so its session does not idle out. */
const PING_EVERY_MS = 5 * 60_000;

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The company's auto-logout for every signed-in screen, and the tabs' shared sign-out: another tab
 * signing out (the stored token removed) signs this one out too.
 */
export default function IdleLogout() {
  const { token, autoLogoutMinutes } = useSession();
  const navigate = useNavigate();

  // The login answer does not say whether auto-logout is on: GET /api/auth/me does.
  useEffect(() => {
    if (token && autoLogoutMinutes === undefined) getMe().then(applyMe, () => undefined);
  }, [token, autoLogoutMinutes]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'token' || event.newValue !== null) return;
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  if (!token || typeof autoLogoutMinutes !== 'number') return null;
  return <IdleWatch minutes={autoLogoutMinutes} />;
}

function IdleWatch({ minutes }: { minutes: number }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // This tab's own latest activity, in case storage is unavailable.
  const own = useRef(Date.now());
  const lastPing = useRef(Date.now());
  const warning = useRef(false);
  const stayRef = useRef<() => void>(() => undefined);
  const signOutRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    /** `stay`: 'Rester connecté', which always counts and always tells the server. */
    const record = (stay = false) => {
      const now = Date.now();
      // During the warning only 'Rester connecté' counts: moving to the button must not hide it.
      if (warning.current && !stay) return;
      if (!stay && now - own.current < WRITE_EVERY_MS) return;
      own.current = now;
      writeLastActivity(now);
      if (stay || now - lastPing.current > PING_EVERY_MS) {
        lastPing.current = now;
        getMe().then(applyMe, () => undefined);
      }
    };
    const onActivity = () => record();
    const onVisible = () => {
      if (document.visibilityState === 'visible') record();
    };

    let leaving = false;
    const signOut = async (reason: 'idle' | 'asked') => {
      if (leaving) return;
      leaving = true;
      window.clearInterval(timer);
      setSecondsLeft(null);
      // The push subscription and the token are revoked while the token still works.
      await endSession().catch(() => undefined);
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
      if (reason === 'idle') {
        toast.info(t('Session expirée'), {
          description: t('Vous avez été déconnecté après {minutes} minutes sans activité.', { minutes }),
        });
      }
    };

    const tick = () => {
      const last = Math.max(readLastActivity() ?? 0, own.current);
      const state = idlePhase(last, minutes, Date.now());
      if (state.phase === 'expired') {
        void signOut('idle');
        return;
      }
      warning.current = state.phase === 'warning';
      setSecondsLeft(state.phase === 'warning' ? state.secondsLeft : null);
    };

    // Opening or reloading a page is activity.
    own.current = Date.now();
    writeLastActivity(own.current);
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    // Scrolling inside any panel, not only the page.
    document.addEventListener('scroll', onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(tick, 1000);
    stayRef.current = () => {
      warning.current = false;
      record(true);
      setSecondsLeft(null);
    };
    signOutRef.current = () => void signOut('asked');
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
      document.removeEventListener('scroll', onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [minutes, navigate]);

  return (
    <IdleWarningDialog
      secondsLeft={secondsLeft}
      onStay={() => stayRef.current()}
      onSignOut={() => signOutRef.current()}
    />
  );
}
