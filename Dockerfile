# One image, two roles: `docker run IMAGE` runs the API (+ worker, the default "all" role);
# `docker run -e MAPR_ROLE=worker IMAGE node dist/src/worker.js` runs a worker only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Chromium and the fonts of the runtime image: the build renders the style previews with them.
ENV CHROMIUM_PATH=/usr/bin/chromium
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ chromium fonts-noto-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The workspaces (SDK, CLI) must be known before the install; the service itself does not use them.
COPY packages/sdk/package.json packages/sdk/
COPY packages/cli/package.json packages/cli/
RUN npm install --no-audit --no-fund --no-save
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends chromium fonts-noto-core redis-server ca-certificates \
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
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/src/main.js"]
