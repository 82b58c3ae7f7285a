import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { followShortLinks, SHORT_LINK_LIMITS } from './short-links';

describe('followShortLinks', () => {
  it('follows each distinct link once, a few at a time, at most SHORT_LINK_LIMITS.max, and says why one failed', async () => {
    let running = 0;
    let most = 0;
    const asked: string[] = [];
    const follow = async (address: string) => {
      asked.push(address);
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      if (address.endsWith('/bad')) throw new AppError('VALIDATION', 'm.tb.cn answered 404.');
      if (address.endsWith('/odd')) throw new Error('socket hang up');
      return `https://item.taobao.com/item.htm?id=${address.split('/').pop()}`;
    };
    const links = [
      ...Array.from({ length: SHORT_LINK_LIMITS.max + 5 }, (_, i) => `https://m.tb.cn/${i}`),
      'https://m.tb.cn/0',
      'https://m.tb.cn/bad',
      'https://m.tb.cn/odd',
    ];
    const answers = await followShortLinks(links, follow);
    expect(most).toBeLessThanOrEqual(SHORT_LINK_LIMITS.concurrency);
    expect(asked.length).toBe(SHORT_LINK_LIMITS.max);
    expect(new Set(asked).size).toBe(asked.length);
    expect(answers.get('https://m.tb.cn/0')).toEqual({ url: 'https://item.taobao.com/item.htm?id=0' });
    expect(answers.get(`https://m.tb.cn/${SHORT_LINK_LIMITS.max + 1}`)).toEqual({
      error: `a preview follows at most ${SHORT_LINK_LIMITS.max} short links`,
    });
    expect(answers.get('https://m.tb.cn/bad')).toEqual({ error: `a preview follows at most ${SHORT_LINK_LIMITS.max} short links` });
    const few = await followShortLinks(['https://m.tb.cn/bad', 'https://m.tb.cn/odd'], follow);
    expect(few.get('https://m.tb.cn/bad')).toEqual({ error: 'm.tb.cn answered 404.' });
    expect(few.get('https://m.tb.cn/odd')).toEqual({ error: 'it could not be followed' });
  });
});
