import type { ClientRequest, RegisterInput } from "@cx/sim";

/**
 * The client requests a node has not answered yet: those held because no
 * leader was known when they came, and those waiting for their slot to be
 * applied.
 */
export class ClientWaits {
  private held: ClientRequest<RegisterInput>[] = [];
  private readonly bySlot = new Map<number, ClientRequest<RegisterInput>>();

  /** Holds a request until a leader is known. */
  hold(request: ClientRequest<RegisterInput>): void {
    this.held.push(request);
  }

  get holding(): boolean {
    return this.held.length > 0;
  }

  /** The held requests, in the order they came; none is held after. */
  release(): readonly ClientRequest<RegisterInput>[] {
    const held = this.held;
    this.held = [];
    return held;
  }

  /** `request` is answered once `slot` is applied. */
  wait(slot: number, request: ClientRequest<RegisterInput>): void {
    this.bySlot.set(slot, request);
  }

  /** The request waiting for `slot`, if any; it waits no more. */
  take(slot: number): ClientRequest<RegisterInput> | undefined {
    const request = this.bySlot.get(slot);
    if (request !== undefined) this.bySlot.delete(slot);
    return request;
  }

  /** Stops waiting for every slot (the requests are not answered: their clients time out and retry). */
  forgetWaiting(): void {
    this.bySlot.clear();
  }
}
