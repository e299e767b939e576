import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import {
  CreatedApiKey,
  CreatedOrg,
  CreateKeyRequest,
  CreateOrgRequest,
  KeyList,
  RevokedKey
} from "../../domain/ApiTenancy.js"
import {
  AlreadyExists,
  AlreadyRevoked,
  AuthRequired,
  Forbidden,
  InsufficientRole,
  InvalidRequest,
  NotFound,
  PayloadTooLarge
} from "../../domain/Errors.js"
import { Authentication } from "./Authentication.js"

const OrgPath = Schema.Struct({
  org_id: Schema.String.annotations({ description: "organisation id (UUID) or slug" })
})

const KeyPath = Schema.Struct({
  org_id: Schema.String.annotations({ description: "organisation id (UUID) or slug" }),
  key_id: Schema.String.annotations({ description: "API key id (UUID)" })
})

const KeyListParams = Schema.Struct({
  include_revoked: Schema.optional(Schema.Literal("true", "false"))
})

/** Organisations and API keys, for when a server holds the embedded database (the CLI cannot open it then). */
export class OrgsGroup extends HttpApiGroup.make("orgs")
  .add(
    HttpApiEndpoint.post("createOrg", "/v1/orgs")
      .setPayload(CreateOrgRequest)
      .addSuccess(CreatedOrg, { status: 201 })
      .addError(InvalidRequest)
      .addError(AlreadyExists)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, "Create an organisation owned by the caller's user; returns an owner key once")
  )
  .add(
    HttpApiEndpoint.post("createKey", "/v1/orgs/:org_id/keys")
      .setPath(OrgPath)
      .setPayload(CreateKeyRequest)
      .addSuccess(CreatedApiKey, { status: 201 })
      .addError(InvalidRequest)
      .addError(InsufficientRole)
      .addError(NotFound)
      .addError(PayloadTooLarge)
      .annotate(
        OpenApi.Summary,
        "Create an API key for a user e-mail (owner or admin; a role no higher than the caller's); returns the key once"
      )
  )
  .add(
    HttpApiEndpoint.get("listKeys", "/v1/orgs/:org_id/keys")
      .setPath(OrgPath)
      .setUrlParams(KeyListParams)
      .addSuccess(KeyList)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "List API keys (metadata only); members see their own keys")
  )
  .add(
    HttpApiEndpoint.del("revokeKey", "/v1/orgs/:org_id/keys/:key_id")
      .setPath(KeyPath)
      .addSuccess(RevokedKey)
      .addError(InvalidRequest)
      .addError(NotFound)
      .addError(Forbidden)
      .addError(InsufficientRole)
      .addError(AlreadyRevoked)
      .annotate(
        OpenApi.Summary,
        "Revoke an API key: your own, or as owner/admin one whose role is not above yours"
      )
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Description, "Organisations and API keys")
{}
