import type { AdminUser } from '../../../../common/schemas/user';
import { PROVIDER_LABELS, ROLE_LABELS, USERS_TEXTS, type RoleFlagName } from '../../../../common/texts/users';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from './audit-format';
import { UsersRoleSwitch } from './users-role-switch';
import './users.css';

type Props = {
  users: readonly AdminUser[];
  viewerId: string;
  viewerIsDeveloper: boolean;
  /** Id of the sentence above the list that says why the developer switches are disabled, when they are. */
  developerLockId: string;
  pendingIds: ReadonlySet<string>;
  onToggle: (user: AdminUser, flag: RoleFlagName, next: boolean) => void;
};

const C = USERS_TEXTS.columns;

/**
 * The accounts as a table with a row header per account; on a phone each row becomes a card whose cells carry
 * their column's name (data-label), so nothing scrolls sideways.
 */
export function UsersTable({ users, viewerId, viewerIsDeveloper, developerLockId, pendingIds, onToggle }: Props) {
  return (
    <table className="users-table">
      <caption className="visually-hidden">{USERS_TEXTS.listLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{C.email}</th>
          <th scope="col">{C.name}</th>
          <th scope="col">{C.created}</th>
          <th scope="col">{C.providers}</th>
          <th scope="col">{C.admin}</th>
          <th scope="col">{C.developer}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const self = user.id === viewerId;
          const busy = pendingIds.has(user.id);
          const ownAdminLocked = self && user.isAdmin;
          // Mirrors decideRoleChange: only a developer changes anything on an account with the developer flag.
          const developerAccountLocked = user.isDev && !viewerIsDeveloper;
          const adminLockedReason = ownAdminLocked
            ? USERS_TEXTS.ownAdminLocked
            : developerAccountLocked
              ? USERS_TEXTS.developerAccountLocked
              : undefined;
          const ownNoteId = `users-own-admin-${user.id}`;
          const inactiveNoteId = `users-dev-inactive-${user.id}`;
          const devInactive = user.isDev && !user.isAdmin;
          const providers = user.providers.map((p) => PROVIDER_LABELS[p] ?? p).join(', ') || USERS_TEXTS.noProvider;
          return (
            <tr key={user.id} aria-busy={busy || undefined} className={self ? 'is-self' : undefined}>
              <th scope="row" className="users-email">
                <span>{user.email}</span>
                {self && (
                  <>
                    {' '}
                    <span className="users-you">({USERS_TEXTS.you})</span>
                  </>
                )}
                {busy && <Spinner size="small" label={USERS_TEXTS.saving} className="users-row-spinner" />}
              </th>
              <td data-label={C.name} className={user.name ? undefined : 'users-muted'}>
                {user.name || USERS_TEXTS.noName}
              </td>
              <td data-label={C.created}>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </td>
              <td data-label={C.providers}>{providers}</td>
              <td data-label={C.admin}>
                <UsersRoleSwitch
                  label={USERS_TEXTS.switchLabel(ROLE_LABELS.isAdmin, user.email)}
                  checked={user.isAdmin}
                  busy={busy}
                  lockedReason={adminLockedReason}
                  describedBy={adminLockedReason ? ownNoteId : undefined}
                  onChange={(next) => onToggle(user, 'isAdmin', next)}
                />
                {adminLockedReason && (
                  <p id={ownNoteId} className="users-note">
                    {adminLockedReason}
                  </p>
                )}
              </td>
              <td data-label={C.developer}>
                <UsersRoleSwitch
                  label={USERS_TEXTS.switchLabel(ROLE_LABELS.isDev, user.email)}
                  checked={user.isDev}
                  busy={busy}
                  lockedReason={viewerIsDeveloper ? undefined : USERS_TEXTS.developerLocked}
                  describedBy={[viewerIsDeveloper ? '' : developerLockId, devInactive ? inactiveNoteId : ''].filter(Boolean).join(' ')}
                  onChange={(next) => onToggle(user, 'isDev', next)}
                />
                {devInactive && (
                  <p id={inactiveNoteId} className="users-note">
                    {USERS_TEXTS.developerInactive}
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
