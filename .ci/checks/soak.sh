#!/usr/bin/env bash
# The soak (bench/soak) in a short form: 2,000 calls, 50 in flight, 10% injected faults. Every
# call must settle, the heap after GC stay within 5 MB of the start, and no handle stay open.
# The full run (20,000 calls, 100 in flight) is `npm run bench:soak`.
set -euo pipefail
cd "$(dirname "$0")/../.."
timeout --kill-after=5 240 npx --no-install tsx --expose-gc bench/soak/run.ts 2000 50
