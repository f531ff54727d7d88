import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** The narrow, centred card of the sign-in and password pages. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'lg', sm: 'xl' }}
      maw={440}
      mx="auto"
      my={{ base: 'md', sm: 48 }}
    >
      <Stack gap={4} mb="lg">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
