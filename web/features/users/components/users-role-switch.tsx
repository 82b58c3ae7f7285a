import './users.css';

type Props = {
  /** Names it for screen readers: "Admin role for someone@example.com". */
  label: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  /** Why the viewer may not use it; set, the switch is disabled and this is its description and tooltip. */
  lockedReason?: string | undefined;
  /** Ids of further text that describes it (a note in the row, a sentence above the list). */
  describedBy?: string | undefined;
  busy?: boolean;
};

/**
 * A role flag as a switch: a native checkbox with the switch role, so it is focusable, toggles with Space and is
 * announced as on or off. It only shows the server's state: a change shows once the server has made it.
 */
export function UsersRoleSwitch({ label, checked, onChange, lockedReason, describedBy, busy = false }: Props) {
  return (
    <label className={`users-switch${lockedReason ? ' is-locked' : ''}`} title={lockedReason}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={lockedReason !== undefined}
        aria-label={label}
        aria-describedby={describedBy || undefined}
        aria-busy={busy || undefined}
        onChange={(event) => {
          if (!busy) onChange(event.target.checked);
        }}
      />
      <span className="users-switch-track" aria-hidden="true" />
      <span className="users-switch-state" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
    </label>
  );
}
