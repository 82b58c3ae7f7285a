import { describe, expect, it } from 'vitest';
import { buildAgentLink, marketplaceUrl, parseItemLink, sourceLabel, SOURCE_PLATFORMS, type ItemSource } from './agent-links';
import { AGENT_LINKS, BUILT_LINKS, MARKETPLACE_LINKS, SEEDED_AGENTS, UNREADABLE_LINKS } from './agent-links.fixtures';

const agent = (slug: string) => {
  const found = SEEDED_AGENTS.find((a) => a.slug === slug);
  if (!found) throw new Error(`no seeded agent ${slug}`);
  return found;
};

describe('reading a link', () => {
  it.each(MARKETPLACE_LINKS)('marketplace link %s', (link, expected) => {
    expect(parseItemLink(link)).toEqual(expected);
  });

  it.each(AGENT_LINKS)('agent link %s', (link, expected) => {
    expect(parseItemLink(link)).toEqual(expected);
  });

  it.each(UNREADABLE_LINKS.map((link) => [link]))('no item in %s', (link) => {
    expect(parseItemLink(link)).toBeNull();
  });

  it('takes anything without throwing', () => {
    for (const value of [
      null,
      undefined,
      42,
      {},
      'https://',
      'https://%',
      'http://[::1',
      '\u0000https://item.taobao.com/item.htm?id=675330231400',
    ]) {
      expect(() => parseItemLink(value as string)).not.toThrow();
    }
  });
});

describe('building an agent link', () => {
  it.each(BUILT_LINKS)('%s link to %o with referral %j', (slug, source, referral, expected) => {
    const { template, platformCodes } = agent(slug);
    expect(buildAgentLink({ template, platformCodes, referralCode: referral }, source)).toBe(expected);
  });

  it('fills {platform} with our name when the agent has no code for it', () => {
    expect(buildAgentLink({ template: 'https://agent.example/{platform}/{id}' }, { platform: '1688', itemId: '641649880094' })).toBe(
      'https://agent.example/1688/641649880094',
    );
  });

  it('leaves out a parameter that only held the missing referral code, wherever it stands', () => {
    const source: ItemSource = { platform: 'taobao', itemId: '675330231400' };
    const build = (template: string) => buildAgentLink({ template, referralCode: '  ' }, source);
    expect(build('https://a.example/p?ref={ref}&id={id}')).toBe('https://a.example/p?id=675330231400');
    expect(build('https://a.example/p?id={id}&ref={ref}&x=1')).toBe('https://a.example/p?id=675330231400&x=1');
    expect(build('https://a.example/p/{id}?ref={ref}')).toBe('https://a.example/p/675330231400');
    expect(build('https://a.example/#/p?id={id}&ref={ref}')).toBe('https://a.example/#/p?id=675330231400');
    // A referral code inside a longer value stays (the agent asked for it so).
    expect(build('https://a.example/p?id={id}&tag=x{ref}')).toBe('https://a.example/p?id=675330231400&tag=x');
  });

  it.each(SEEDED_AGENTS.map((a) => [a.slug]))("reads %s's links back to the item (both directions)", (slug) => {
    const { template, platformCodes } = agent(slug);
    for (const platform of SOURCE_PLATFORMS) {
      const source: ItemSource = { platform, itemId: '675330231400' };
      const link = buildAgentLink({ template, platformCodes, referralCode: 'finder' }, source);
      const read = parseItemLink(link);
      // An agent that files Tmall under Taobao opens the same item as a Taobao one.
      expect(read).toEqual(platform === 'tmall' && read?.platform === 'taobao' ? { ...source, platform: 'taobao' } : source);
    }
  });

  it("builds every marketplace's own address, which reads back", () => {
    for (const platform of SOURCE_PLATFORMS) {
      const source: ItemSource = { platform, itemId: '675330231400' };
      expect(parseItemLink(marketplaceUrl(source))).toEqual(source);
    }
  });

  it('labels a source for people', () => {
    expect(sourceLabel({ platform: 'taobao', itemId: '123456' })).toBe('Taobao · 123456');
  });
});
