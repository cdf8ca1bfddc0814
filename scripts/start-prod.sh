#!/usr/bin/env bash
# npm run start:prod: install, build, then the production shape on this machine: the release step
# (pnpm migrate; pnpm seed only with SEED=demo), WEB_CONCURRENCY gateway workers and nginx on PORT
# (apps/gateway/src/prod). nginx comes from apt when missing. Settings: .env.example.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm
if [ "${SKIP_BUILD:-}" != "1" ]; then
  install_deps
  build_all
fi
exec node apps/gateway/dist/prod.js
