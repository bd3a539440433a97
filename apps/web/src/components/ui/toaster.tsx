import { Toaster as Sonner } from 'sonner';

/** Toasts: 5 s by default (spec section 9), dark to match the shell. */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="top-right"
      duration={5000}
      closeButton
      containerAriaLabel="Notifications"
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification', classNames: { toast: 'font-sans' } }}
    />
  );
}
