import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect, Either, Layer, Option } from "effect"
import { AuthRequired } from "../../domain/Errors.js"
import { digestsEqual, hashApiKey, isWellFormedApiKey } from "../../store/ApiKeySecret.js"
import { TenancyRepo } from "../../store/TenancyRepo.js"
import { Authentication, type Principal } from "../api/Authentication.js"

/**
 * Bearer authentication. The raw header is parsed here because HttpApiSecurity.bearer slices seven
 * characters without checking the scheme (`Basic ...` would yield a garbage token). Keys are looked
 * up by their SHA-256 (the index never sees the secret) and the digests compared in constant time.
 */

const missing = new AuthRequired({ error: "An API key is required: send Authorization: Bearer <API_KEY>." })
const wrongScheme = new AuthRequired({ error: "The Authorization header must use the Bearer scheme: Bearer <API_KEY>." })
const invalid = new AuthRequired({ error: "The API key is invalid or has been revoked." })

export const bearerToken = (header: string | undefined): Either.Either<string, AuthRequired> => {
  if (header === undefined || header.trim() === "") return Either.left(missing)
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header)
  if (match === null || match[1]!.toLowerCase() !== "bearer") return Either.left(wrongScheme)
  return Either.right(match[2]!)
}

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const tenancy = yield* TenancyRepo
    return Authentication.of({
      bearer: () =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const token = bearerToken(request.headers["authorization"])
          if (Either.isLeft(token)) return yield* Effect.fail(token.left)
          if (!isWellFormedApiKey(token.right)) return yield* Effect.fail(invalid)
          const hash = hashApiKey(token.right)
          const owner = yield* tenancy.findActiveKeyByHash(hash)
          if (Option.isNone(owner) || !digestsEqual(owner.value.keyHash, hash)) return yield* Effect.fail(invalid)
          yield* tenancy.touchKey(owner.value.keyId)
          const principal: Principal = {
            keyId: owner.value.keyId,
            orgId: owner.value.orgId,
            orgSlug: owner.value.orgSlug,
            userId: owner.value.userId,
            email: owner.value.email,
            role: owner.value.role
          }
          return principal
        })
    })
  })
)
