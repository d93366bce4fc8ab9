#!/bin/sh
# A stand-in batch for the README walkthrough ("Your own measurements"): what a harness does around its
# runs. power-log wrap exports POWER_LOG_DIR, so `power-log mark` needs no --out. Two batches, each with
# its own setup (--batch scopes the setup to its runs), two overlapping runs each, one GPU per run.
# Replace the sleeps by your agent's runs.
set -eu
PL=${POWER_LOG:-scripts/power-log}
for b in A B; do
  "$PL" mark setup-start "load-$b" --batch "$b"; sleep 0.3; "$PL" mark setup-end "load-$b" --batch "$b"
  if [ "$b" = A ]; then first=t1 second=t2; else first=t3 second=t4; fi
  "$PL" mark run-start "a-$first" --task-id "$first" --system sysA --attempt 1 --gpus 0 --batch "$b"
  sleep 0.2
  "$PL" mark run-start "a-$second" --task-id "$second" --system sysA --attempt 1 --gpus 1 --batch "$b"
  sleep 0.3
  "$PL" mark run-end "a-$first"
  sleep 0.2
  "$PL" mark run-end "a-$second"
done
