import { AspectRatio, Stack } from '@mantine/core';
import type { EmbedAttribute } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { safeEmbedUrl } from '../../../lib/embed-url';
import classes from './product-detail.module.css';

export interface Embed {
  attribute: EmbedAttribute;
  src: string;
}

/** The attributes' player URLs that pass the host check, in the layout's order; the rest are dropped. */
export function validEmbeds(
  attributes: Readonly<Record<string, string>>,
  order: readonly EmbedAttribute[],
): Embed[] {
  return order.flatMap((attribute) => {
    const src = safeEmbedUrl(attributes[attribute], attribute);
    return src ? [{ attribute, src }] : [];
  });
}

const SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

/** YouTube and Spotify players, sandboxed, lazy, without a full referrer. */
export function MediaEmbeds({ embeds, title }: { embeds: Embed[]; title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      {embeds.map((embed) => {
        const frame = (
          <iframe
            key={embed.attribute}
            src={embed.src}
            title={t(`product.embed.${embed.attribute}`, { title })}
            sandbox={SANDBOX}
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            className={classes.embed}
            height={embed.attribute === 'SPOTIFY' ? 352 : undefined}
            data-testid={`embed-${embed.attribute}`}
          />
        );
        return embed.attribute === 'YOUTUBE' ? (
          <AspectRatio key={embed.attribute} ratio={16 / 9}>
            {frame}
          </AspectRatio>
        ) : (
          <div key={embed.attribute}>{frame}</div>
        );
      })}
    </Stack>
  );
}
