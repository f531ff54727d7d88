import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: string;
  /** The card's greatest width in pixels: 440 unless a longer form needs two columns. */
  width?: number;
  children: ReactNode;
}

/** The narrow, centred card of the sign-in, sign-up and password pages. */
export function AuthCard({ title, description, width = 440, children }: AuthCardProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'lg', sm: 'xl' }}
      maw={width}
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
