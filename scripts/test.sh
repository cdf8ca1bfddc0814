#!/usr/bin/env bash
# npm test: install what the tests need (Chromium from apt when missing), then run every test:
# lint (ESLint with the import boundaries, jsx-a11y, react-hooks; the boundary probes; prettier --check; knip), typecheck, unit and API tests (SQLite; PostgreSQL/Redis too when DATABASE_URL/REDIS_URL are set),
# and the Playwright end-to-end suite against the built gateway at 1280x800 and 390x844.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm

if ! command -v chromium >/dev/null 2>&1; then
  echo "› installing Chromium from Debian's packages"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x /usr/sbin/nginx ]; then
  # The generated nginx config is tested against Debian's nginx, and the production shape runs on it.
  echo "› installing nginx from Debian's packages"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi

install_deps
build_all
echo "› lint"
"${PNPM[@]}" lint
echo "› lint rules (a deliberate boundary break must fail lint)"
node --test scripts/
echo "› format (prettier --check; pnpm format fixes it)"
"${PNPM[@]}" format:check
echo "› knip (no unused dependency, file or export)"
"${PNPM[@]}" knip
echo "› typecheck, unit and API tests"
"${PNPM[@]}" exec tsc -p e2e/tsconfig.json
"${PNPM[@]}" exec turbo run typecheck test --cache-dir="$TURBO_CACHE_DIR" --output-logs=new-only --concurrency=1
echo "› end-to-end (Playwright, Debian Chromium)"
"${PNPM[@]}" exec playwright test
echo "› production shape: the e2e subset through nginx and gateway workers (npm run start:prod)"
"${PNPM[@]}" test:prod
