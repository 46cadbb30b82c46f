import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// Mantine's notification container with its transitions is about 12 KiB compressed, and most pages never
// show a notification. `notifications.show()` only needs the store (a few hundred bytes), which keeps what
// is shown; the container is downloaded with the first notification, shows it, and then stays.

const NotificationsContainer = lazy(() =>
  import('./NotificationsContainer.tsx').then((m) => ({ default: m.NotificationsContainer })),
);

export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
