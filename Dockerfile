# Production image. The app needs a PostgreSQL: set DATABASE_URL (the embedded database is
# for development). Build: docker build -t aangan . ; run with SESSION_SECRET, DATABASE_URL,
# and Google credentials (or DEMO_MODE=true for a demo).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY patches ./patches
COPY prisma ./prisma
COPY prisma.config.ts remix.config.js vite.config.ts tsconfig.json ./
COPY app ./app
COPY public ./public
RUN npm install --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
COPY server.ts ./
COPY server ./server
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npx", "tsx", "server.ts"]
