import { describe, expect, it } from 'vitest';
import { safeEmbedUrl } from './embed-url';

describe('safeEmbedUrl: only the services’ own players go in an iframe', () => {
  it.each([
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    ['https://youtube.com/embed/dQw4w9WgXcQ?start=30', 'YOUTUBE'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    ['  https://www.youtube.com/embed/a-b_c  ', 'YOUTUBE'],
    ['https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3', 'SPOTIFY'],
    ['https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator', 'SPOTIFY'],
  ] as const)('accepts %s as %s', (url, attribute) => {
    expect(safeEmbedUrl(url, attribute)).toBe(new URL(url.trim()).href);
  });

  it.each([
    // other schemes
    ['javascript:alert(1)//https://www.youtube.com/embed/x', 'YOUTUBE'],
    ['JaVaScRiPt:alert(document.cookie)', 'YOUTUBE'],
    ['data:text/html,<script>alert(1)</script>', 'YOUTUBE'],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    ['//www.youtube.com/embed/dQw4w9WgXcQ', 'YOUTUBE'],
    // look-alike and other hosts
    ['https://youtube.com.evil.com/embed/x', 'YOUTUBE'],
    ['https://evil.com/www.youtube.com/embed/x', 'YOUTUBE'],
    ['https://www.youtube.com.evil.com/embed/x', 'YOUTUBE'],
    ['https://m.youtube.com/embed/x', 'YOUTUBE'],
    ['https://evilyoutube.com/embed/x', 'YOUTUBE'],
    ['https://www.youtube.com@evil.com/embed/x', 'YOUTUBE'],
    ['https://user:pass@www.youtube.com/embed/x', 'YOUTUBE'],
    ['https://www.youtube.com:8443/embed/x', 'YOUTUBE'],
    ['https://spotify.com/embed/album/x', 'SPOTIFY'],
    ['https://open.spotify.com.evil.com/embed/album/x', 'SPOTIFY'],
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
    // not URLs at all
    ['', 'YOUTUBE'],
    ['www.youtube.com/embed/x', 'YOUTUBE'],
    [null, 'YOUTUBE'],
    [undefined, 'SPOTIFY'],
    [42, 'SPOTIFY'],
  ] as const)('refuses %s as %s', (url, attribute) => {
    expect(safeEmbedUrl(url, attribute)).toBeNull();
  });
});
