import { describe, expect, it } from 'vitest';
import { isPageRequest, publicSiteConfig, siteConfigScript } from './web';

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
      https: false,
      baseCurrency: 'USD',
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json).discountCode).toBe('</script><script>alert(1)</script>');
  });
});

describe('public settings', () => {
  const config = { discountCode: '', communityUrl: '', referralUrl: '', contactEmail: '', google: undefined };
  it('say the site is served over HTTPS only when its public address is https', () => {
    expect(publicSiteConfig({ ...config, publicUrl: 'https://finder.example' }).https).toBe(true);
    expect(publicSiteConfig({ ...config, publicUrl: 'http://finder.example' }).https).toBe(false);
    expect(publicSiteConfig({ ...config, publicUrl: undefined }).https).toBe(false);
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
