-- The server process running an import (issue 39): on PostgreSQL a crashed process's connections are gone at once,
-- so an import whose runner has no connection left is known to be orphaned without waiting 30 s for its heartbeat
-- to go stale (Cancel then ends it at once instead of answering OK while it stays "running").
ALTER TABLE "imports" ADD COLUMN "runner" text;
