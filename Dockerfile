# The application image: one image, two roles. `npm run api` serves the API and the built console;
# `npm run worker` runs Temporal workers. Both are stateless; scale them independently (docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 8080
CMD ["npm", "run", "api"]
