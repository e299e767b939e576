import { defineConfig } from "vitest/config"

/** `npm run test:soak`: the bounded load and soak run (minutes), kept out of `npm test`. */
export default defineConfig({
  test: {
    include: ["test/soak/**/*.test.ts"],
    testTimeout: 900_000,
    hookTimeout: 180_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 1, minForks: 1 } }
  }
})
