# Slipway: API, workers and the built client in one image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY client/package.json client/
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
# Domain package, server (esbuild to server/dist) and client (Vite, with .br/.gz beside each asset).
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000 SLIPWAY_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:4000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npm", "run", "serve"]
