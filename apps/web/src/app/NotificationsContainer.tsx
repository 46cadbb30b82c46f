import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

// The container alone, as a module of its own: LazyNotifications imports it on demand (importing the
// package itself on demand would pull the whole package into the first download through the store).
export function NotificationsContainer() {
  return <Notifications position="top-right" zIndex={1000} />;
}
