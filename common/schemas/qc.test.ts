import { describe, expect, it } from 'vitest';
import { qcDayText } from '../texts/qc';
import { isCalendarDay, latestToday, QC_PHOTOS_MAX, qcPhotosInputSchema } from './qc';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('QC photo days', () => {
  it('are real days of the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-3-1')).toBe(false);
  });

  it('may be today anywhere on Earth, not later', () => {
    const noonUtc = Date.parse('2026-06-10T12:00:00Z');
    expect(latestToday(noonUtc)).toBe('2026-06-11');
    expect(latestToday(Date.parse('2026-06-10T09:59:00Z'))).toBe('2026-06-10');
  });

  it('read the same on the server and in any browser', () => {
    expect(qcDayText('2026-03-14')).toBe('14 Mar 2026');
    expect(qcDayText('2026-01-01')).toBe('1 Jan 2026');
  });
});

describe('a QC list', () => {
  const parse = (items: unknown) => qcPhotosInputSchema.safeParse({ items });

  it('keeps the order and turns a blank day into none', () => {
    const parsed = parse([{ imageId: ID(2), takenOn: ' ' }, { imageId: ID(1), takenOn: '2026-01-15' }, { imageId: ID(3) }]);
    expect(parsed.success && parsed.data.items).toEqual([
      { imageId: ID(2), takenOn: null },
      { imageId: ID(1), takenOn: '2026-01-15' },
      { imageId: ID(3), takenOn: null },
    ]);
  });

  it('refuses an image twice, too many photos and days that are not real, too early or to come, with the photo named', () => {
    const message = (items: unknown) => {
      const parsed = parse(items);
      return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(message([{ imageId: ID(1) }, { imageId: ID(1) }])).toEqual([
      'items.1.imageId: The same image is in the QC photos twice: remove one of them.',
    ]);
    expect(message(Array.from({ length: QC_PHOTOS_MAX + 1 }, (_, i) => ({ imageId: ID(i) })))?.[0]).toMatch(/at most 40 QC photos/);
    expect(message([{ imageId: ID(1), takenOn: '2026-02-30' }])?.[0]).toMatch(
      /^items\.0\.takenOn: The date "2026-02-30" is not a real day/,
    );
    expect(message([{ imageId: ID(1), takenOn: '1999-12-31' }])?.[0]).toMatch(/too early/);
    expect(message([{ imageId: ID(1), takenOn: '2999-01-01' }])?.[0]).toMatch(/in the future/);
  });
});
