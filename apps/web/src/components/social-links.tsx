import { ActionIcon, Group } from '@mantine/core';
import type { Shop } from '@shop/domain';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  type IconProps,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const NETWORK_ICONS: Record<string, ComponentType<IconProps>> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  spotify: IconBrandSpotify,
  tiktok: IconBrandTiktok,
  twitter: IconBrandX,
  x: IconBrandX,
  youtube: IconBrandYoutube,
};

/** The shop's social profiles as icon links, opened in a new tab. */
export function SocialLinks({ links }: { links: Shop['social_links'] }) {
  if (links.length === 0) return null;
  return (
    <Group gap="xs">
      {links.map(({ network, url }) => {
        const Icon = NETWORK_ICONS[network.toLowerCase()] ?? IconWorld;
        return (
          <ActionIcon
            key={url}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="lg"
            aria-label={network}
          >
            <Icon size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
