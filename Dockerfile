# The service image, one for both roles: `node src/main-api.ts` (default) or `node src/main-worker.ts`.
# Node 24 runs the TypeScript sources directly (type stripping); there is no build step.
FROM node:24-bookworm-slim

WORKDIR /app

COPY package.json package-lock.json ./
# The client library is a workspace the lock names; the service never imports it, so its manifest is enough.
COPY packages/client/package.json ./packages/client/
# No install scripts: the only approved ones hydrate the embedded PostgreSQL's library links and check
# protobufjs's version, and in a container DATABASE_URL always names a real PostgreSQL.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

COPY bin ./bin
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities

# DATA_DIR (reports) lives on a volume mounted here; a fresh named volume takes this owner.
RUN mkdir -p /data && chown node:node /data
USER node

EXPOSE 3000
CMD ["node", "src/main-api.ts"]
