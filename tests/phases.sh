#!/usr/bin/env bash
# `npm test`: each phase in turn, its time printed as it ends and all of them at the close, so
# a CI log says where its minutes went. The first failing phase ends the run with its status.
set -uo pipefail
phases=(lint typecheck test:unit test:e2e)
summary=()
started=$SECONDS
for phase in "${phases[@]}"; do
  begun=$SECONDS
  npm run --silent "$phase"
  status=$?
  summary+=("$(printf '%-10s %5ss' "$phase" $((SECONDS - begun)))")
  echo "phase $phase: $((SECONDS - begun)) s (exit $status)"
  if [ "$status" -ne 0 ]; then
    printf 'phase times:\n'; printf '  %s\n' "${summary[@]}"
    exit "$status"
  fi
done
printf 'phase times:\n'; printf '  %s\n' "${summary[@]}"
echo "all phases: $((SECONDS - started)) s"
