# syntax=docker/dockerfile:1
# Smart Zone: build the web app, then a slim runtime that runs the API (which
# serves the built web app) as the unprivileged `node` user.

FROM node:20-bookworm-slim AS base
# python3/make/g++: better-sqlite3 compiles its native addon when no prebuilt one fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && npm i -g pnpm@10
WORKDIR /app

# Everything, to build the web app (apps/web/dist).
FROM base AS build
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm build

# Only what the API needs at run time: its production dependencies and the
# shared types package, nothing from apps/web, e2e or the root's dev tools.
FROM base AS prod-deps
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/types/package.json packages/types/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile --prod --filter "@smart-zone/api..."

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# Code and dependencies stay owned by root (read-only for the app); only the
# data folder (SQLite, when MONGODB_URI is unset) is the app's to write.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=prod-deps /app/packages/types/node_modules ./packages/types/node_modules
COPY package.json pnpm-workspace.yaml tsconfig.base.json ./
COPY apps/api/package.json apps/api/tsconfig.json ./apps/api/
COPY apps/api/src ./apps/api/src
COPY packages/types/package.json packages/types/tsconfig.json ./packages/types/
COPY packages/types/src ./packages/types/src
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["apps/api/node_modules/.bin/tsx", "apps/api/src/server.ts"]
