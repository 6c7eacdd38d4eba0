// The Fluent Toaster (top right) and the bridge that turns queued toast requests into Fluent toasts.
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { attachToastListener } from './notify';

export default function ToastHost() {
  const toasterId = useId('tms-toaster');
  const { dispatchToast } = useToastController(toasterId);

  useEffect(
    () =>
      attachToastListener(({ intent, title, message, life }) => {
        dispatchToast(
          <Toast>
            <ToastTitle>{title}</ToastTitle>
            {message ? <ToastBody>{message}</ToastBody> : null}
          </Toast>,
          { intent, timeout: life, position: 'top-end' },
        );
      }),
    [dispatchToast],
  );

  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover />;
}
