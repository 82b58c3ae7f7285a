import { z } from 'zod';
import { pageField, pagedSchema, pageSizeField } from './paging';
import { apiSchemas } from './registry';

/** The signed-in person as the web sees them (spec section 3 "User"). */
export const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().describe('Display name; empty for email and password accounts'),
    image: z.string().nullable().describe('Photo URL from Google sign-in'),
    isAdmin: z.boolean(),
    isDev: z.boolean(),
    hasPassword: z.boolean().describe('True when one of the linked sign-in methods is email and password'),
    providers: z.array(z.string()).describe("Linked sign-in methods: 'credential' (email and password), 'google'"),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const sessionStateSchema = z
  .object({ user: meSchema.nullable().describe('null when nobody is signed in') })
  .register(apiSchemas, { id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;

// ---- Admin user management (issue 5): the Users tab's list and role switches ----

/** Accounts per page of the Users tab. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
/** Longest search text of the user list; an email address is at most 254 characters. */
export const USER_SEARCH_MAX_LENGTH = 254;
export const USER_ROLE_FILTERS = ['all', 'admin', 'developer'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** One account as the Users tab lists it. */
export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().describe('Display name; empty for email and password accounts'),
    image: z.string().nullable().describe('Photo URL from Google sign-in'),
    createdAt: z.string(),
    providers: z.array(z.string()).describe("Linked sign-in methods: 'credential' (email and password), 'google'"),
    isAdmin: z.boolean(),
    isDev: z.boolean().describe('The developer flag; it grants developer rights only together with isAdmin'),
  })
  .register(apiSchemas, { id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserQuerySchema = z.object({
  search: z
    .string()
    .max(USER_SEARCH_MAX_LENGTH, `search must be at most ${USER_SEARCH_MAX_LENGTH} characters`)
    .optional()
    // eslint-disable-next-line no-control-regex -- control characters cannot be typed in a search box
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined)
    .describe('Case-insensitive substring of the email or the display name'),
  role: z
    .enum(USER_ROLE_FILTERS, { message: 'role must be all, admin or developer' })
    .default('all')
    .describe('admin: accounts with the admin flag; developer: accounts with the developer flag'),
  page: pageField,
  pageSize: pageSizeField(ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_MAX_PAGE_SIZE),
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const adminUserPageSchema = pagedSchema(adminUserSchema, 'AdminUserPage');
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

const flag = (name: string) => z.boolean({ message: `${name} must be true or false` }).optional();

/** PATCH body: the role flags to set; a flag left out stays as it is. */
export const userRolesInputSchema = z
  .strictObject(
    { isAdmin: flag('isAdmin'), isDev: flag('isDev') },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only isAdmin and isDev can be changed here (not ${issue.keys.join(', ')})`
          : 'The body must be a JSON object such as {"isAdmin": true}',
    },
  )
  .refine((v) => v.isAdmin !== undefined || v.isDev !== undefined, { message: 'Say which role to change: isAdmin, isDev or both' })
  .register(apiSchemas, { id: 'UserRolesInput' });
export type UserRolesInput = z.infer<typeof userRolesInputSchema>;

/** Details of a 'user-roles' audit entry. */
export const userRolesAuditDetailsSchema = z.object({
  userId: z.string(),
  before: z.object({ isAdmin: z.boolean(), isDev: z.boolean() }),
  after: z.object({ isAdmin: z.boolean(), isDev: z.boolean() }),
});
export type UserRolesAuditDetails = z.infer<typeof userRolesAuditDetailsSchema>;
