import type { EmbedAttribute } from '../layouts/product-layouts';
import { messages } from '../messages';

/**
 * Issue 4 and issue 17 point 8: a YOUTUBE or SPOTIFY attribute is an iframe player, so its value is
 * only ever a player on that service's own hosts. The web embeds only what passes `embedUrl`; the
 * server stores only what passes it (back-office attributes tab and the attributes import).
 */

/** The attribute codes whose value is embedded as a player. */
export const EMBED_ATTRIBUTES = ['YOUTUBE', 'SPOTIFY'] as const satisfies readonly EmbedAttribute[];

/**
 * The only hosts a player may come from, per attribute: exact names, no other subdomain (the
 * services' documented embed hosts: YouTube's own and its privacy-enhanced one, Spotify's player).
 */
export const EMBED_HOSTS: Readonly<Record<EmbedAttribute, readonly string[]>> = {
  YOUTUBE: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com'],
  SPOTIFY: ['open.spotify.com'],
};

const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-][A-Za-z0-9_\-/]*$/;
const MAX_LENGTH = 2000;

/** The WHATWG URL parts read here; the domain's lib has no DOM or Node types, every runtime has URL. */
interface ParsedUrl {
  href: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
}
const Url = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

/** Whether an attribute code is one whose value is embedded as a player. */
export function isEmbedAttribute(code: string): code is EmbedAttribute {
  return (EMBED_ATTRIBUTES as readonly string[]).includes(code);
}

/**
 * The value as the player's normalised URL, or null unless it is an https URL on one of the
 * attribute's hosts exactly (no look-alike such as youtube.com.evil.example, no user or password, no
 * port) with an /embed/… path.
 */
export function embedUrl(value: unknown, attribute: EmbedAttribute): string | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return null;
  let url: ParsedUrl;
  try {
    url = new Url(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (!EMBED_HOSTS[attribute].includes(url.hostname)) return null;
  if (!EMBED_PATH.test(url.pathname)) return null;
  return url.href;
}

/** Whether the value is an allowed player of the attribute (see `embedUrl`). */
export function isAllowedEmbed(value: unknown, attribute: EmbedAttribute): boolean {
  return embedUrl(value, attribute) !== null;
}

/** The message for a refused player, with the attribute's hosts filled in. */
export function embedNotAllowedMessage(attribute: EmbedAttribute): string {
  return messages.embedNotAllowed.replace(':hosts', EMBED_HOSTS[attribute].join(', '));
}
