import { groupDigits } from '../../../../common/numbers';
import { FINDER_TEXTS } from '../../../../common/texts/finder';

/**
 * The number of products a choice would give, beside its name: shown "Men 41", read out "Men 41 products". (The
 * words are one text run with the name: a hidden part of its own would put a space before a comma.)
 */
export function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="choice-count">
      {` ${groupDigits(value)}`}
      <span className="visually-hidden">{` ${FINDER_TEXTS.countProducts(value)}`}</span>
    </span>
  );
}
