import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';

/** A small cover beside a list line (decorative: the title names the product). */
export function LineCover({ url, size = 48 }: { url: string | null; size?: number }) {
  if (url)
    return <Image src={url} alt="" w={size} h={size} fit="contain" radius="sm" loading="lazy" flex="none" />;
  return (
    <Center
      w={size}
      h={size}
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 4, flex: 'none' }}
    >
      <IconPhotoOff size={20} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
    </Center>
  );
}
