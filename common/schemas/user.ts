import { z } from 'zod';

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
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const sessionStateSchema = z
  .object({ user: meSchema.nullable().describe('null when nobody is signed in') })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;
