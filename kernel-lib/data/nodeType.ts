/**
 * A system's node type: its accelerator (vendor prefix and case ignored) and count. Rates pair with
 * systems by node type, never by accelerator name alone (Appendix G.1: a 1xH100 system is not priced
 * at an 8xH100 node's rate). No quantity.
 */

/** Accelerator names compared without a vendor prefix or case: "NVIDIA H200" is "h200". @example normalAccelerator('NVIDIA H200') // => 'h200' */
export function normalAccelerator(name: string): string {
  return name.trim().replace(/^(NVIDIA|AMD|Intel)\s+/i, '').toLowerCase();
}

/** The node type of a system: normalised accelerator and count, e.g. `h200x8`. @example nodeTypeKey('NVIDIA H200', 8) // => 'h200x8' */
export function nodeTypeKey(accelerator: string, count: number): string {
  return `${normalAccelerator(accelerator)}x${count}`;
}
