import { useState } from 'react';
import { hasRole } from '../../../../common/roles';
import { pageCount } from '../../../../common/schemas/paging';
import {
  ADMIN_USERS_PAGE_SIZE,
  USER_ROLE_FILTERS,
  USER_SEARCH_MAX_LENGTH,
  type AdminUser,
  type UserRoleFilter,
} from '../../../../common/schemas/user';
import { ROLE_LABELS, USERS_TEXTS, type RoleFlagName } from '../../../../common/texts/users';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useUsers } from '../api/get-users';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { AuditLog } from './audit-log';
import { UsersTable } from './users-table';
import { usePagedFilters } from '../../../lib/admin/use-paged-filters';
import './users.css';

type Filters = { search: string; role: UserRoleFilter };
const NO_FILTERS: Filters = { search: '', role: 'all' };
const ROLE_OPTIONS = USER_ROLE_FILTERS.map((value) => ({ value, label: USERS_TEXTS.roleFilters[value] }));
const DEVELOPER_LOCK_ID = 'users-developer-lock';

type Revoking = { user: AdminUser; flag: RoleFlagName };

/**
 * User Management (issue 5): accounts 25 a page, searched on the server by email or name after the 300 ms debounce,
 * with switches to grant and revoke admin and developer, and the audit log below. The switches the viewer may not
 * use are disabled with the reason beside them; the server refuses them anyway.
 */
export function UsersTab() {
  const toast = useToast();
  const session = useSession();
  const viewer = session.user;
  const viewerIsDeveloper = hasRole(viewer, 'developer');

  const { filters, setFilters, query, page, setPage } = usePagedFilters(NO_FILTERS);
  const users = useUsers({ ...query, page });
  const update = useUpdateUserRoles(viewer?.id);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [revoking, setRevoking] = useState<Revoking | null>(null);

  const total = users.data?.total ?? 0;
  const pages = pageCount(total, ADMIN_USERS_PAGE_SIZE);
  if (users.data && !users.isPlaceholderData && page > pages) setPage(pages);
  const filtered = filters.search.trim() !== '' || filters.role !== 'all';
  const searching = filters !== query || (users.isFetching && !users.isPending);
  const first = (page - 1) * ADMIN_USERS_PAGE_SIZE + 1;

  const change = (user: AdminUser, flag: RoleFlagName, next: boolean) => {
    const role = ROLE_LABELS[flag];
    setPendingIds((ids) => new Set(ids).add(user.id));
    update
      .mutateAsync({ id: user.id, roles: { [flag]: next } })
      .then(
        (updated) => {
          const changed = updated[flag] === next && user[flag] !== next;
          toast(
            changed
              ? next
                ? USERS_TEXTS.granted(role, user.email)
                : USERS_TEXTS.revoked(role, user.email)
              : USERS_TEXTS.unchanged(user.email),
            'success',
          );
        },
        (err: unknown) => toast(`${USERS_TEXTS.changeFailed}: ${reasonOf(err)}`, 'error'),
      )
      .finally(() =>
        setPendingIds((ids) => {
          const rest = new Set(ids);
          rest.delete(user.id);
          return rest;
        }),
      );
  };

  const onToggle = (user: AdminUser, flag: RoleFlagName, next: boolean) => {
    if (pendingIds.has(user.id)) return;
    // Taking a role away asks first; granting one is undone as easily.
    if (!next) setRevoking({ user, flag });
    else change(user, flag, next);
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const { user, flag } = revoking;
    // Closing first hands focus back to the switch, which stays usable while the change is made.
    setRevoking(null);
    change(user, flag, false);
  };

  const revokeText = (r: Revoking) =>
    r.flag === 'isAdmin'
      ? USERS_TEXTS.confirmRevokeAdmin(r.user.email, r.user.isDev)
      : r.user.id === viewer?.id
        ? USERS_TEXTS.confirmRevokeOwnDeveloper
        : USERS_TEXTS.confirmRevokeDeveloper(r.user.email);

  return (
    <div className="admin-section">
      <div className="toolbar" role="search" aria-label={USERS_TEXTS.listLabel}>
        <div className="field toolbar-search">
          <label htmlFor="admin-user-search">{USERS_TEXTS.searchLabel}</label>
          <div className="search-input">
            <input
              id="admin-user-search"
              type="search"
              placeholder={USERS_TEXTS.searchPlaceholder}
              maxLength={USER_SEARCH_MAX_LENGTH}
              autoComplete="off"
              value={filters.search}
              onChange={(event) => setFilters((f) => ({ ...f, search: event.target.value }))}
            />
            {searching && <Spinner size="small" label={USERS_TEXTS.searching} className="search-input-spinner" />}
          </div>
        </div>
        <SelectField
          label={USERS_TEXTS.roleFilterLabel}
          options={ROLE_OPTIONS}
          value={filters.role}
          onChange={(event) => setFilters((f) => ({ ...f, role: event.target.value as UserRoleFilter }))}
        />
        <div className="toolbar-actions">
          <button type="button" className="button button-ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!filtered}>
            {USERS_TEXTS.clearFilters}
          </button>
        </div>
      </div>

      <section className="users-list" aria-label={USERS_TEXTS.listLabel} aria-busy={searching || users.isFetching}>
        {!viewerIsDeveloper && (
          <p id={DEVELOPER_LOCK_ID} className="users-lock-note">
            {USERS_TEXTS.developerLocked}
          </p>
        )}
        <LoadStatus
          loading={users.isPending}
          loadingLabel={USERS_TEXTS.loading}
          failure={users.isError && `${USERS_TEXTS.loadFailed}: ${reasonOf(users.error)}`}
          onRetry={() => void users.refetch()}
          retryLabel={USERS_TEXTS.retry}
        />
        {users.data && (
          <>
            <p className="summary" aria-live="polite">
              {total === 0
                ? filtered
                  ? USERS_TEXTS.noMatch
                  : USERS_TEXTS.none
                : USERS_TEXTS.showing(first, Math.min(first + users.data.items.length - 1, total), total)}
            </p>
            {users.data.items.length > 0 && viewer && (
              <UsersTable
                users={users.data.items}
                viewerId={viewer.id}
                viewerIsDeveloper={viewerIsDeveloper}
                developerLockId={DEVELOPER_LOCK_ID}
                pendingIds={pendingIds}
                onToggle={onToggle}
              />
            )}
          </>
        )}
        <Pager page={page} pageCount={pages} onChange={setPage} label={USERS_TEXTS.pagerLabel} />
      </section>

      <AuditLog />

      {revoking && (
        <ConfirmDialog
          title={USERS_TEXTS.confirmRevokeTitle(ROLE_LABELS[revoking.flag])}
          confirmLabel={USERS_TEXTS.revoke}
          busyLabel={USERS_TEXTS.revoking}
          busy={false}
          onConfirm={confirmRevoke}
          onCancel={() => setRevoking(null)}
        >
          <p>{revokeText(revoking)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
