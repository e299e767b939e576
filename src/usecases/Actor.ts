import type { Role } from "../domain/ApiTenancy.js"

/**
 * Who acts, as the use cases need it: the edges establish it (the HTTP principal of an API key has
 * these fields and more).
 */
export interface Actor {
  readonly orgId: string
  readonly userId: string
  readonly email: string
  readonly role: Role
}
