import { describe, expect, it } from 'vitest';
import { FIRST_PACE, nextPace, PACE } from './sweep-pace';

describe("the link sweep's pace, set by the database's answer times (issue 39)", () => {
  it('halves the rounds and pauses several times the statements’ time when the database is slow', () => {
    expect(nextPace(FIRST_PACE, 400)).toEqual({ take: 25, pauseMs: 1600 });
    expect(nextPace({ take: 6, pauseMs: 0 }, 400)).toEqual({ take: PACE.minTake, pauseMs: 1600 });
    expect(nextPace(FIRST_PACE, 60_000).pauseMs).toBe(PACE.maxPauseMs);
  });

  it('grows back by a tenth without pausing when the database answers at once, up to the largest round', () => {
    expect(nextPace({ take: 5, pauseMs: 800 }, 5)).toEqual({ take: 10, pauseMs: 0 });
    expect(nextPace(FIRST_PACE, 5)).toEqual(FIRST_PACE);
  });

  it('keeps the size between, pausing as long as the statements took', () => {
    expect(nextPace({ take: 20, pauseMs: 0 }, 100)).toEqual({ take: 20, pauseMs: 100 });
  });

  it('settles: a database slow for a while brings the rounds to the least, and they come back after', () => {
    let pace = FIRST_PACE;
    for (let i = 0; i < 10; i++) pace = nextPace(pace, 500);
    expect(pace.take).toBe(PACE.minTake);
    for (let i = 0; i < 10; i++) pace = nextPace(pace, 10);
    expect(pace).toEqual(FIRST_PACE);
  });
});
