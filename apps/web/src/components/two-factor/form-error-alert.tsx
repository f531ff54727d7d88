import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { translateMessage } from '../../i18n/translate-message';

/** A server message no field can hold, above the form. */
export function FormErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {translateMessage(message)}
    </Alert>
  );
}
