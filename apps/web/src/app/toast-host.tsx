import { useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useState } from 'react';

/** Without the renderer the app still works: the toast just does not show. */
const NotificationsHost = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./notifications-host').then(
      (m) => ({ default: m.NotificationsHost }),
      () => ({ default: () => null }),
    ),
);

/**
 * Loads the toast renderer with the first toast: `notifications.show()` only writes to Mantine's store,
 * which the renderer reads when it mounts, so nothing is lost meanwhile.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
