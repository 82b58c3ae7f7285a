/**
 * How fast a link-health sweep goes, judged by how long the database takes to answer its own statements (issue 39):
 * a busy database (an import writing, a crowd of visitors, a loaded machine) answers slowly, and the sweep then takes
 * fewer products a round and pauses between rounds, so it never adds a steady stream of statements to a database
 * that is already behind. A rule as a pure function over the last round's figures.
 */
export type Pace = {
  /** Products the next round takes. */
  take: number;
  /** How long to wait before it. */
  pauseMs: number;
};

export const PACE = {
  /** The most a round takes (and the first round's size). */
  maxTake: 50,
  minTake: 5,
  /** A statement answered within this: the database has room, the rounds grow back. */
  fastMs: 40,
  /** A statement that took this long or longer: the database is behind, the rounds shrink and pause. */
  slowMs: 250,
  /** A pause after a slow round, as a multiple of the time its statements took. */
  pauseFactor: 4,
  maxPauseMs: 15_000,
} as const;

export const FIRST_PACE: Pace = { take: PACE.maxTake, pauseMs: 0 };

/**
 * The next round's pace from the last one's and the time of its slowest database statement (claiming, taking,
 * recording; one statement that waited long is the database being behind, whatever the others did): halved, with a pause of several times that time, when slow; grown back by a tenth, without a pause,
 * when fast; in between, the same size with a pause as long as the statements took.
 */
export function nextPace(current: Pace, statementMs: number): Pace {
  if (statementMs >= PACE.slowMs) {
    return {
      take: Math.max(PACE.minTake, Math.floor(current.take / 2)),
      pauseMs: Math.min(PACE.maxPauseMs, Math.round(statementMs * PACE.pauseFactor)),
    };
  }
  if (statementMs <= PACE.fastMs) return { take: Math.min(PACE.maxTake, current.take + Math.ceil(PACE.maxTake / 10)), pauseMs: 0 };
  return { take: current.take, pauseMs: Math.round(statementMs) };
}
