import { describe, expect, it } from 'vitest';
import { landingPath, pathWithSearch, safeRedirect, signInRedirectPath } from './redirect';

describe('sign-in redirect', () => {
  it('keeps the full target path, query included, in the redirect parameter', () => {
    const target = pathWithSearch(new URL('http://shop.test/products?category=MUSICA&latest=1'));
    expect(target).toBe('/products?category=MUSICA&latest=1');
    expect(signInRedirectPath(target)).toBe('/?redirect=%2Fproducts%3Fcategory%3DMUSICA%26latest%3D1');
  });

  it('follows only paths on this site', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('lands on the redirect target, else the back office for admins, else home', () => {
    expect(landingPath({ is_super_admin: false }, '/products?category=HI_FI')).toBe(
      '/products?category=HI_FI',
    );
    expect(landingPath({ is_super_admin: true }, '/backoffice/orders')).toBe('/backoffice/orders');
    expect(landingPath({ is_super_admin: true }, null)).toBe('/backoffice');
    expect(landingPath({ is_super_admin: false }, null)).toBe('/');
    expect(landingPath({ is_super_admin: false }, 'https://evil.example')).toBe('/');
  });
});
