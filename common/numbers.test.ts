import { describe, expect, it } from 'vitest';
import { groupDigits } from './numbers';

describe('groupDigits', () => {
  it.each([0, 7, 999, 1000, 12500, 1234567, 100000, -4321, 12.9])('writes %d as en-US does', (n) => {
    expect(groupDigits(n)).toBe(Math.trunc(n).toLocaleString('en-US'));
  });
});
