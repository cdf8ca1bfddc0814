# The production shape in one image: `npm run start:prod` (nginx from Debian's packages in front of
# WEB_CONCURRENCY gateway workers, migrations as the release step). compose.yaml runs it with
# PostgreSQL, Redis and MinIO. Build: docker build -t smb-portal .   (or podman build)

# ---- build: install every dependency and build the apps ---------------------------------------
FROM node:20-bookworm-slim AS build
ENV PNPM_VERSION=10.34.8 TURBO_TELEMETRY_DISABLED=1 CI=true
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g "pnpm@${PNPM_VERSION}"
WORKDIR /srv/portal
# The lockfile and manifests first: the dependency layer is rebuilt only when they change.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/admin/package.json apps/admin/
COPY apps/api/package.json apps/api/
COPY apps/desktop/package.json apps/desktop/
COPY apps/gateway/package.json apps/gateway/
COPY apps/landing/package.json apps/landing/
COPY apps/mobile/package.json apps/mobile/
COPY packages/api-client/package.json packages/api-client/
COPY packages/config/package.json packages/config/
COPY packages/fuzz/package.json packages/fuzz/
COPY packages/routes/package.json packages/routes/
COPY packages/session/package.json packages/session/
COPY packages/ui/package.json packages/ui/
COPY bench/package.json bench/
RUN pnpm fetch --frozen-lockfile
COPY . .
RUN pnpm install --frozen-lockfile --offline && pnpm exec turbo run build

# ---- run: Node 20, nginx and the PostgreSQL client (pnpm backup) from Debian ------------------
FROM node:20-bookworm-slim
ENV PNPM_VERSION=10.34.8
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g "pnpm@${PNPM_VERSION}" \
  && mkdir -p /srv/portal/data /srv/portal/run && chown node:node /srv/portal/data /srv/portal/run
WORKDIR /srv/portal
# The built tree as it is (pnpm's links included): `pnpm migrate`, `pnpm seed`, `pnpm admin` and
# `pnpm backup` run from it like on a server.
COPY --from=build --chown=node:node /srv/portal /srv/portal
# nginx runs as the same unprivileged user as the workers (no `user` directive, pid and temp
# files in RUN_DIR), so the image needs no root at run time.
USER node
ENV NODE_ENV=production PORT=8080 DATA_DIR=/srv/portal/data RUN_DIR=/srv/portal/run
EXPOSE 8080
VOLUME ["/srv/portal/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) stops nginx, then drains every worker; give it the drain time.
STOPSIGNAL SIGTERM
CMD ["node", "apps/gateway/dist/prod.js"]
