import { z } from 'zod';

/**
 * The API's named schemas: each becomes one component of the OpenAPI document (`#/components/schemas/<id>`), named
 * with `.register(apiSchemas, { id })`.
 *
 * A registry of this module, not zod's global one. zod keeps its global registry on `globalThis`, so every copy of
 * `common/` in a process writes into it: the built site has two (the server's bundle, and the server-rendered pages'
 * chunk that `/admin` loads), and two schemas under one id made the document fail for good ("Duplicate schema id").
 * Here each copy of `common/` has a registry of its own, and the server documents the one its routes were built
 * from (`server/plugins/openapi.ts`). Descriptions and formats (`.describe()`, `.meta({ format })`) stay in the
 * global registry; they carry no id, so copies cannot collide there. Lint refuses an id given to `.meta()`.
 */
export const apiSchemas = z.registry<{ id: string }>();
