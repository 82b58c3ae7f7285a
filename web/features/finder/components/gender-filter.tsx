import { FINDER_GENDERS, type FinderGender } from '../../../../common/constants';

type Props = { value: FinderGender; onChange: (gender: FinderGender) => void };

export function GenderFilter({ value, onChange }: Props) {
  return (
    <div className="segmented" role="group" aria-label="Gender">
      {FINDER_GENDERS.map((g) => (
        <button key={g} type="button" className="segment" aria-pressed={value === g} onClick={() => onChange(g)}>
          {g}
        </button>
      ))}
    </div>
  );
}
