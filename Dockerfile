# syntax=docker/dockerfile:1
# Smart Zone: build the web app and the compiled API, then a slim runtime that
# runs `node apps/api/dist/server.js` (which also serves the built web app) as
# the unprivileged `node` user. Node 22 LTS, at an exact version (NODE_VERSION
# below; docs/DEPLOY.md, Upgrades, says how to move it).
#
# Layers are ordered for the cache: the lockfile and the package.json files
# first (dependencies are installed again only when they change), the sources
# after.

ARG NODE_VERSION=22.23.3
ARG PNPM_VERSION=10.34.9

FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG PNPM_VERSION
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true
RUN npm install -g pnpm@${PNPM_VERSION} \
 && npm cache clean --force
WORKDIR /app

# python3/make/g++: better-sqlite3 compiles its native addon when no prebuilt one fits.
FROM base AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The whole dependency graph from the lockfile alone, into pnpm's store.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
# Every workspace package's manifest, so installs below link offline from the store.
COPY package.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/types/package.json packages/types/
COPY e2e/package.json e2e/

# Build: the API and the web app with their dev tools (esbuild, vite, TypeScript).
FROM toolchain AS build
RUN pnpm install --frozen-lockfile --offline --filter "@smart-zone/api..." --filter "@smart-zone/web..."
COPY tsconfig.base.json ./
COPY packages/types packages/types
COPY apps/api apps/api
COPY apps/web apps/web
RUN pnpm --filter @smart-zone/web build \
 && pnpm --filter @smart-zone/api build

# Only what the API needs at run time: its production dependencies.
FROM toolchain AS prod-deps
RUN pnpm install --frozen-lockfile --offline --prod --filter "@smart-zone/api..."

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/app/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# Code and dependencies stay owned by root (read-only for the app); only the
# data folder (SQLite, when MONGODB_URI is unset) is the app's to write. A named
# volume mounted there (docker run -v smartzone-data:/app/data) starts as a copy
# of it, owned by `node` (uid 1000) and mode 0700.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
EXPOSE 5000
# The API's own health ping gives up after 2 s; this check waits longer than that.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health', { signal: AbortSignal.timeout(4500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
