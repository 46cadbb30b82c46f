import { fuzzShard } from '../support/fuzz-suite.ts';

// Long-running (40 s): thousands of requests (started first: vitest.config.ts).

// The fuzz suite (test/support/fuzz-suite.ts), shard 2 of 2: the shards run in parallel workers.
fuzzShard(2, 2);
