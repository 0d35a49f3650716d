# syntax=docker/dockerfile:1
# The site and its job worker as one image (decision 035). Multi-stage: the build stage has every dependency and
# builds dist/; the runtime stage has production dependencies only and runs as the unprivileged user "node".
# The web server: the default command. The worker: `node node_modules/tsx/dist/cli.mjs src/server/worker.ts`
# (compose.yaml). Media go to S3-compatible storage (MEDIA_S3_URL): the container's disk keeps nothing.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node src ./src
COPY --chown=node:node tenants ./tenants
COPY --chown=node:node themes ./themes
COPY --chown=node:node locales ./locales
COPY --chown=node:node public ./public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): the graceful shutdown of lifecycle.server.ts, within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/node/main.mjs"]
