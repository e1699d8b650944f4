# One image, two roles: `docker run IMAGE` runs the API (+ worker, the default "all" role);
# `docker run -e MAPR_ROLE=worker IMAGE node dist/src/worker.js` runs a worker only.
# The build context leaves out everything the host built or keeps (.dockerignore): the image installs from the lock.
# Node: the release in .nvmrc (ADR 0014).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# Chromium and the fonts of the runtime image: the build renders the style previews with them.
ENV CHROMIUM_PATH=/usr/bin/chromium
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ chromium fonts-noto-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The workspaces (SDK, CLI) must be known before the install; the service itself does not use them.
COPY packages/sdk/package.json packages/sdk/
COPY packages/cli/package.json packages/cli/
# Exactly the lock's versions (native addons come prebuilt for Node-API; the toolchain is there for any that is not).
RUN npm ci --no-audit --no-fund
COPY . .
# No source maps in the image: they would publish the dashboard's source as written (the API refuses them in production too).
RUN npm run build && npm prune --omit=dev && find dist/dashboard -name '*.map' -delete

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium
# tini as PID 1: it forwards SIGTERM to Node (which shuts down gracefully within 25 s) and reaps the zombies that
# Chromium's helper processes leave when a render is aborted; Node as PID 1 would do neither.
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends tini chromium fonts-noto-core redis-server ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/remotion-bundle ./remotion-bundle
COPY --from=build /app/remotion ./remotion
COPY package.json ./
RUN useradd --create-home mapr && mkdir -p /app/data && chown mapr /app/data
USER mapr
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
STOPSIGNAL SIGTERM
# Liveness: the API's /health/live, or for a worker (no HTTP) its heartbeat in Redis (dist/src/worker-health.js).
# docker-compose.yml checks the API's readiness instead.
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "if(process.env.MAPR_ROLE==='worker'){require('./dist/src/worker-health.js')}else{fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))}"
CMD ["node", "dist/src/main.js"]
