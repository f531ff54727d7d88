import { describe, expect, it } from 'vitest';
import {
  EMBED_HOSTS,
  embedNotAllowedMessage,
  embedUrl,
  isAllowedEmbed,
  isEmbedAttribute,
} from './embed-hosts';

describe('embedUrl: a YOUTUBE or SPOTIFY value is a player on that service’s own hosts only', () => {
  it.each([
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    [
      'https://youtube.com/embed/dQw4w9WgXcQ?start=30',
      'YOUTUBE',
      'https://youtube.com/embed/dQw4w9WgXcQ?start=30',
    ],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'YOUTUBE',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://WWW.YouTube.com/embed/dQw4w9WgXcQ', 'YOUTUBE', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['  https://www.youtube.com/embed/a-b_c  ', 'YOUTUBE', 'https://www.youtube.com/embed/a-b_c'],
    [
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
      'SPOTIFY',
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
    ],
    [
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator',
      'SPOTIFY',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator',
    ],
  ] as const)('accepts %s as %s', (url, attribute, href) => {
    expect(embedUrl(url, attribute)).toBe(href);
    expect(isAllowedEmbed(url, attribute)).toBe(true);
  });

  it.each([
    // other schemes
    ['javascript:alert(1)//https://www.youtube.com/embed/x', 'YOUTUBE'],
    ['JaVaScRiPt:alert(document.cookie)', 'YOUTUBE'],
    ['data:text/html,<script>alert(1)</script>', 'YOUTUBE'],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    ['http://open.spotify.com/embed/album/x', 'SPOTIFY'],
    ['//www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    // look-alike and other hosts
    ['https://www.youtube.com.evil.example/embed/x', 'YOUTUBE'],
    ['https://youtube.com.evil.com/embed/x', 'YOUTUBE'],
    ['https://www.youtube.com./embed/x', 'YOUTUBE'],
    ['https://evil.com/www.youtube.com/embed/x', 'YOUTUBE'],
    ['https://m.youtube.com/embed/x', 'YOUTUBE'],
    ['https://evilyoutube.com/embed/x', 'YOUTUBE'],
    ['https://www.yоutube.com/embed/x', 'YOUTUBE'], // Cyrillic о
    ['https://spotify.com/embed/album/x', 'SPOTIFY'],
    ['https://open.spotify.com.evil.example/embed/album/x', 'SPOTIFY'],
    ['https://evil.example/open.spotify.com/embed/album/x', 'SPOTIFY'],
    // credentials and ports
    ['https://www.youtube.com@evil.com/embed/x', 'YOUTUBE'],
    ['https://user@www.youtube.com@evil.example/embed/x', 'YOUTUBE'],
    ['https://user:pass@www.youtube.com/embed/x', 'YOUTUBE'],
    ['https://user@open.spotify.com/embed/album/x', 'SPOTIFY'],
    ['https://www.youtube.com:8443/embed/x', 'YOUTUBE'],
    // right host, wrong attribute
    ['https://open.spotify.com/embed/album/x', 'YOUTUBE'],
    ['https://www.youtube.com/embed/x', 'SPOTIFY'],
    // right host, not a player
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YOUTUBE'],
    ['https://www.youtube.com/embed/', 'YOUTUBE'],
    ['https://www.youtube.com/embedx/abc', 'YOUTUBE'],
    ['https://www.youtube.com/redirect?q=https://evil.com&x=/embed/a', 'YOUTUBE'],
    ['https://www.youtube.com/embed/../redirect', 'YOUTUBE'],
    ['https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3', 'SPOTIFY'],
    // not URLs at all, or too long
    ['', 'YOUTUBE'],
    ['www.youtube.com/embed/x', 'YOUTUBE'],
    [`https://www.youtube.com/embed/${'a'.repeat(2000)}`, 'YOUTUBE'],
    [null, 'YOUTUBE'],
    [undefined, 'SPOTIFY'],
    [42, 'SPOTIFY'],
  ] as const)('refuses %s as %s', (url, attribute) => {
    expect(embedUrl(url, attribute)).toBeNull();
    expect(isAllowedEmbed(url, attribute)).toBe(false);
  });
});

describe('isEmbedAttribute', () => {
  it.each([
    ['YOUTUBE', true],
    ['SPOTIFY', true],
    ['youtube', false],
    ['NOTE_PRODOTTO', false],
    ['toString', false],
  ])('%s → %s', (code, embed) => {
    expect(isEmbedAttribute(code)).toBe(embed);
  });
});

describe('embedNotAllowedMessage', () => {
  it('names the attribute’s hosts', () => {
    expect(embedNotAllowedMessage('SPOTIFY')).toBe(
      'Only an https player address (/embed/…) on one of these hosts can be embedded: open.spotify.com.',
    );
    expect(embedNotAllowedMessage('YOUTUBE')).toContain(EMBED_HOSTS.YOUTUBE.join(', '));
  });
});
