/**
 * An output a dry run cannot foresee (what an editor write returns): a plan's steps that use it are shown as
 * "known only when the plan runs". Tools return it from `simulatedOutput`; plans read it as `UNKNOWN`.
 */
export const UNFORESEEN: unique symbol = Symbol('known only when the plan runs');

export type Unforeseen = typeof UNFORESEEN;
