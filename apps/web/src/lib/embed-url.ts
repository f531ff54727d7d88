import { type EmbedAttribute, embedUrl } from '@shop/domain';

/**
 * A YOUTUBE or SPOTIFY attribute value as an iframe `src`, or null when it is anything but an https URL
 * on that service's own host (exactly: no look-alikes, no credentials, no port) with an /embed/… path.
 * The rule and its host list are the domain's (`embedUrl`), the same the server stores values by.
 */
export function safeEmbedUrl(value: unknown, attribute: EmbedAttribute): string | null {
  return embedUrl(value, attribute);
}
