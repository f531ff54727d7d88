import { Notifications } from '@mantine/notifications';

/** Mantine's toast renderer, in its own chunk (see toast-host.tsx). */
export function NotificationsHost() {
  return <Notifications position="top-right" limit={4} />;
}
