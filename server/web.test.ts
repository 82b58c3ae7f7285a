import { describe, expect, it } from 'vitest';
import { isPageRequest, siteConfigScript } from './web';

describe('site config inlining', () => {
  it('cannot be broken out of by a value', () => {
    const html = siteConfigScript({
      discountCode: '</script><script>alert(1)</script>',
      communityUrl: 'https://x.example',
      referralUrl: 'https://y.example',
      contactEmail: 'a@b.example',
      googleSignIn: false,
      passwordReset: false,
      googleRedirectUri: null,
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json).discountCode).toBe('</script><script>alert(1)</script>');
  });
});

describe('page requests', () => {
  it('are GETs outside /api, /media and /assets', () => {
    expect(isPageRequest('GET', '/products')).toBe(true);
    expect(isPageRequest('GET', '/api/x')).toBe(false);
    expect(isPageRequest('GET', '/media/items/a.jpg')).toBe(false);
    expect(isPageRequest('POST', '/products')).toBe(false);
  });
});
