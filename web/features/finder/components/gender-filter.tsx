import { FINDER_GENDERS, type FinderGender } from '../../../../common/constants';
import { FINDER_TEXTS, GENDER_LABELS } from '../../../../common/texts/finder';
import { choiceDisabled } from '../finder-controls';
import { Count } from './count';

type Props = {
  value: FinderGender;
  onChange: (gender: FinderGender) => void;
  /** Products each choice would give with the other filters; absent while unknown. */
  counts?: ReadonlyMap<FinderGender, number> | undefined;
};

export function GenderFilter({ value, onChange, counts }: Props) {
  return (
    <div className="segmented" role="group" aria-label={FINDER_TEXTS.genderGroup}>
      {FINDER_GENDERS.map((g) => (
        <button
          key={g}
          type="button"
          className="segment"
          aria-pressed={value === g}
          disabled={choiceDisabled(counts?.get(g), value === g)}
          onClick={() => onChange(g)}
        >
          {GENDER_LABELS[g]}
          <Count value={counts?.get(g)} />
        </button>
      ))}
    </div>
  );
}
