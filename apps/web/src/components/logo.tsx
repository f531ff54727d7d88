import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

interface LogoProps {
  name: string;
  to: string;
  /** Small text under the name, e.g. 'Back office'. */
  caption?: string;
}

/** The shop's mark (inline SVG, nothing remote) and name, linking home. */
export function Logo({ name, to, caption }: LogoProps) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={name} miw={0}>
      <Group gap={10} wrap="nowrap" miw={0}>
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-7)" />
          <circle cx="16" cy="16" r="9.5" fill="none" stroke="#fff" strokeWidth="2.2" />
          <circle cx="16" cy="16" r="5" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="1.4" />
          <circle cx="16" cy="16" r="2" fill="#fff" />
        </svg>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} lh={1.15} truncate="end">
            {name}
          </Text>
          {caption && (
            <Text size="xs" c="dimmed" lh={1.1}>
              {caption}
            </Text>
          )}
        </div>
      </Group>
    </UnstyledButton>
  );
}
