/**
 * Which energy boundary a measurement is, by the QAIJ paper's profiles ("Energy boundary", seed
 * quality-adjusted-intelligence-per-joule.md): **device** operational is accelerator (device) energy
 * with host, memory, networking and facility excluded; **system** operational is the complete system
 * under test (at the wall). A trace that metered the GPUs only is the device profile. One that metered
 * the host too (CPU package, DRAM: RAPL) has left the device profile, which excludes host and memory:
 * it is the system profile as far as it was metered, a lower bound of wall energy (power supply
 * losses, fans, disks and network cards are not metered). The paper's "metered GPU, CPU, and DRAM"
 * (Section 3, Appendix E) is this: `system`, as the reconstructed and synthetic manifests say.
 * The label names the components, so two traces of one profile but different coverage differ too.
 */
import type { Component } from './types.ts';

export type MeteredProfile = 'device' | 'system';

/**
 * The profile and label of what a trace's components covered: `device:gpu`, `system:gpu+cpu+dram`,
 * `system:cpu` (a host without GPUs metered); `device:none` when nothing was.
 * @example boundaryOf(['gpu', 'cpu', 'dram']) // => { profile: 'system', label: 'system:gpu+cpu+dram' }
 */
export function boundaryOf(components: readonly (Component | string)[]): { profile: MeteredProfile; label: string } {
  const profile: MeteredProfile = components.some((c) => c === 'cpu' || c === 'dram') ? 'system' : 'device';
  return { profile, label: `${profile}:${components.length ? components.join('+') : 'none'}` };
}
