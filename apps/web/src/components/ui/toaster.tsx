import { useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';

// Sonner's own phone breakpoint: below it toasts take the whole width.
const phoneQuery = '(max-width: 600px)';
const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(phoneQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(phoneQuery).matches;

/**
 * Toasts: 5 s by default, dark to match the shell. Placed where they hide nothing
 * that must be clicked: bottom right on a wide screen (the top bar holds the bell and the user
 * menu), and on a phone at the top but below the 4 rem top bar (a dialog's buttons sit at the
 * bottom of a phone screen).
 */
export function Toaster() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Sonner
      theme="dark"
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: '4.5rem', left: '0.5rem', right: '0.5rem' }}
      duration={5000}
      closeButton
      containerAriaLabel="Notifications"
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification', classNames: { toast: 'font-sans' } }}
    />
  );
}
