import type { EmbedAttribute } from '@shop/domain';

/** The only hosts whose players may be put in an iframe, per attribute (issue 4: nothing else ever is). */
const EMBED_HOSTS: Record<EmbedAttribute, readonly string[]> = {
  YOUTUBE: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com'],
  SPOTIFY: ['open.spotify.com'],
};

const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-][A-Za-z0-9_\-/]*$/;

/**
 * A YOUTUBE or SPOTIFY attribute value as an iframe `src`, or null when it is anything but an https URL
 * on that service's own host (exactly: no look-alikes, no credentials, no port) with an /embed/… path.
 */
export function safeEmbedUrl(value: unknown, attribute: EmbedAttribute): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (!EMBED_HOSTS[attribute].includes(url.hostname)) return null;
  if (!EMBED_PATH.test(url.pathname)) return null;
  return url.href;
}
