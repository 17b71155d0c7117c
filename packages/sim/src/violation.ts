/**
 * A broken property, as data: which invariant, a sentence a person
 * understands at once, and when (simulated time and step index).
 */
export interface Violation {
  readonly invariant: string;
  readonly message: string;
  readonly time: number;
  readonly step: number;
}
