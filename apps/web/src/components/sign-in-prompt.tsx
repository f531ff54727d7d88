import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './sign-in-prompt.module.css';

interface SignInPromptProps {
  /** Where the sign-in form goes on to afterwards (its `redirect`). */
  redirect: string;
  title?: string;
  description?: string;
}

/** Products and prices are for signed-in customers: visitors are invited to sign in, then come back. */
export function SignInPrompt({ redirect, title, description }: SignInPromptProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" className={classes.prompt} data-testid="sign-in-prompt">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconLock size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fw={650}>{title ?? t('home.signIn.title')}</Text>
            <Text size="sm" c="dimmed">
              {description ?? t('home.signIn.description')}
            </Text>
          </div>
        </Group>
        <Button
          component={Link}
          to={`/sign-in?${new URLSearchParams({ redirect })}`}
          leftSection={<IconLogin size={16} aria-hidden />}
        >
          {t('home.signIn.button')}
        </Button>
      </Group>
    </Paper>
  );
}
