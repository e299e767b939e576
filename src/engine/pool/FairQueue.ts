/**
 * Batches waiting for a worker, grouped by owner (a run) and served round-robin across owners, so a
 * large scan cannot starve a small one that arrives after it. Within an owner batches keep their
 * order; retries go to the front.
 */
export class FairQueue<Owner, Batch> {
  private readonly pending = new Map<Owner, Array<Batch>>()
  /** owners with pending batches, in serving order */
  private readonly order: Array<Owner> = []
  private waiting = 0

  /** batches waiting across all owners */
  get size(): number {
    return this.waiting
  }

  pushBack(owner: Owner, batches: ReadonlyArray<Batch>): void {
    if (batches.length === 0) return
    this.listOf(owner, "back").push(...batches)
    this.waiting += batches.length
  }

  /** for retries: served before the owner's other batches, and the owner goes to the front */
  pushFront(owner: Owner, batch: Batch): void {
    const hadPending = this.pending.has(owner)
    this.listOf(owner, "front").unshift(batch)
    this.waiting += 1
    if (hadPending) {
      this.order.splice(this.order.indexOf(owner), 1)
      this.order.unshift(owner)
    }
  }

  take(): { readonly owner: Owner; readonly batch: Batch } | undefined {
    const owner = this.order.shift()
    if (owner === undefined) return undefined
    const list = this.pending.get(owner)
    const batch = list?.shift()
    if (list === undefined || batch === undefined) return this.take() // unreachable by construction
    this.waiting -= 1
    if (list.length > 0) this.order.push(owner)
    else this.pending.delete(owner)
    return { owner, batch }
  }

  /** removes and returns everything the owner still has waiting */
  drain(owner: Owner): Array<Batch> {
    const list = this.pending.get(owner)
    if (list === undefined) return []
    this.pending.delete(owner)
    this.order.splice(this.order.indexOf(owner), 1)
    this.waiting -= list.length
    return list
  }

  private listOf(owner: Owner, end: "front" | "back"): Array<Batch> {
    const existing = this.pending.get(owner)
    if (existing !== undefined) return existing
    const created: Array<Batch> = []
    this.pending.set(owner, created)
    if (end === "front") this.order.unshift(owner)
    else this.order.push(owner)
    return created
  }
}
