import { describe, expect, it } from 'vitest';
import type { PublicAgent } from '../../common/schemas/agent';
import { buyTarget, chosenAgent } from './agents';

const agent = (slug: string, overrides: Partial<PublicAgent> = {}): PublicAgent => ({
  slug,
  name: slug,
  template: `https://${slug}.example/item?url={url}&ref={ref}`,
  platformCodes: {},
  referralCode: '',
  isDefault: false,
  promo: null,
  ...overrides,
});
const AGENTS = [
  agent('kakobuy'),
  agent('cnfans', {
    isDefault: true,
    template: 'https://cnfans.com/product/?shop_type={platform}&id={id}&ref={ref}',
    referralCode: 'finder',
  }),
];
const product = {
  link: 'https://cnfans.com/product/?shop_type=taobao&id=675330231400',
  sourcePlatform: 'taobao' as const,
  sourceItemId: '675330231400',
};

describe("the visitor's agent", () => {
  it('is the one chosen while it is offered, else the default, else the first', () => {
    expect(chosenAgent(AGENTS, 'kakobuy')?.slug).toBe('kakobuy');
    expect(chosenAgent(AGENTS, null)?.slug).toBe('cnfans');
    expect(chosenAgent(AGENTS, 'gone-agent')?.slug).toBe('cnfans');
    expect(chosenAgent([agent('a'), agent('b')], null)?.slug).toBe('a');
    expect(chosenAgent([], 'kakobuy')).toBeNull();
    expect(chosenAgent(undefined, null)).toBeNull();
  });
});

describe("BUY's address", () => {
  it("is the agent's link to the product's item with our referral code, counted under the agent", () => {
    expect(buyTarget(product, chosenAgent(AGENTS, null))).toEqual({
      href: 'https://cnfans.com/product/?shop_type=taobao&id=675330231400&ref=finder',
      agent: 'cnfans',
    });
    expect(buyTarget(product, chosenAgent(AGENTS, 'kakobuy'))).toEqual({
      href: 'https://kakobuy.example/item?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D675330231400',
      agent: 'kakobuy',
    });
  });

  it("is the product's own link when it names no item or no agent is offered; none without a link", () => {
    const plain = { link: 'https://store.example/item/1', sourcePlatform: null, sourceItemId: null };
    expect(buyTarget(plain, AGENTS[0] ?? null)).toEqual({ href: 'https://store.example/item/1', agent: undefined });
    expect(buyTarget(product, null)).toEqual({ href: product.link, agent: undefined });
    expect(buyTarget({ ...plain, link: null }, AGENTS[0] ?? null)).toEqual({ href: null, agent: undefined });
  });
});
