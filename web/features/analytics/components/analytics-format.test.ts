import { describe, expect, it } from 'vitest';
import { countChange, formatRate, rateChange } from './analytics-format';

describe('the change against the previous period', () => {
  it('gives a count its change in per cent, in words for a screen reader', () => {
    expect(countChange(15, 12)).toEqual({ direction: 'up', shown: '▲ 25%', spoken: 'up 25% from 12 in the previous period' });
    expect(countChange(9, 12)).toEqual({ direction: 'down', shown: '▼ 25%', spoken: 'down 25% from 12 in the previous period' });
    expect(countChange(0, 1_200)).toMatchObject({
      direction: 'down',
      shown: '▼ 100%',
      spoken: 'down 100% from 1,200 in the previous period',
    });
    expect(countChange(4, 4)).toMatchObject({ direction: 'same', shown: 'no change' });
    expect(countChange(0, 0)).toMatchObject({ direction: 'same' });
    expect(countChange(3, 0)).toMatchObject({ direction: 'new', spoken: 'none in the previous period' });
  });

  it('gives a rate its change in percentage points', () => {
    expect(rateChange(0.5, 0.25)).toEqual({ direction: 'up', shown: '▲ 25 pt', spoken: 'up 25 pt from 25% in the previous period' });
    expect(rateChange(0.201, 0.25)).toMatchObject({ direction: 'down', shown: '▼ 4.9 pt' });
    expect(rateChange(0.25, 0.2504)).toMatchObject({ direction: 'same' });
    expect(rateChange(0.3, null)).toMatchObject({ direction: 'new' });
    expect(rateChange(null, 0.3)).toBeNull();
    expect(formatRate(null)).toBe('–');
    expect(formatRate(1)).toBe('100%');
  });
});
