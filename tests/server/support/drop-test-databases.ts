// Setup file of the server tests: the PostgreSQL databases a test file made go when it ends.
import { afterAll } from 'vitest';
import { dropTestDatabases } from './test-database.ts';

// Generous: on a loaded machine each drop waits for a checkpoint.
afterAll(dropTestDatabases, 60_000);
