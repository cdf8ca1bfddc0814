#!/usr/bin/env bash
# The root package.json scripts call pnpm through this: the pinned pnpm from the PATH, else the one
# `npm start` put in .tools/ (installed there now if missing), so `npm run bench` and the like work on
# a machine without a global pnpm. The pnpm it finds is on the PATH of everything it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm
exec "${PNPM[@]}" "$@"
