/** Growable typed columns and an append-only pool: the index stores one row per slot without JS objects. */

type TypedArray = Int32Array | Uint8Array | Uint16Array | Float32Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = { new (length: number): T };

export function grow<T extends TypedArray>(array: T, minLength: number, ctor: TypedArrayConstructor<T>, fill = 0): T {
  if (array.length >= minLength) return array;
  const next = new ctor(Math.max(minLength, array.length * 2, 64));
  next.set(array as unknown as ArrayLike<number> & T);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/**
 * Append-only list of integers (32-bit unless told); rows refer to a (start, count) range. Replaced rows leave
 * garbage until a rebuild.
 */
export class IntPool<T extends Int32Array | Uint16Array = Int32Array> {
  data: T;
  length = 0;
  private readonly ctor: TypedArrayConstructor<T>;

  constructor(ctor: TypedArrayConstructor<T> = Int32Array as unknown as TypedArrayConstructor<T>) {
    this.ctor = ctor;
    this.data = new ctor(1024);
  }

  append(values: ArrayLike<number>): number {
    const start = this.length;
    this.data = grow(this.data, start + values.length, this.ctor);
    for (let i = 0; i < values.length; i++) this.data[start + i] = values[i] as number;
    this.length += values.length;
    return start;
  }

  push(value: number): number {
    if (this.length === this.data.length) this.data = grow(this.data, this.length + 1, this.ctor);
    this.data[this.length] = value;
    return this.length++;
  }

  /** Gives back unused room after a bulk build, keeping a little for the changes that follow. */
  trim(): void {
    this.data = this.data.slice(0, this.length + Math.max(64, this.length >> 5)) as T;
  }
}

/** Largest slot number a packed sort key can carry (2^22). */
const SLOT_FACTOR = 4_194_304;

/**
 * Sorts slots by an integer key (0 ≤ key < 2^31) and then by slot, by packing both into one float64 and using
 * the native numeric sort: 100,000 slots sort in a few milliseconds.
 */
export function sortSlots(
  slots: ArrayLike<number>,
  key: (slot: number) => number,
  descending = false,
): Int32Array<ArrayBuffer> {
  const packed = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    const k = key(slot);
    packed[i] = (descending ? 2_147_483_647 - k : k) * SLOT_FACTOR + slot;
  }
  packed.sort();
  const out = new Int32Array(slots.length);
  for (let i = 0; i < packed.length; i++) out[i] = (packed[i] as number) % SLOT_FACTOR;
  return out;
}

export const MAX_SLOTS = SLOT_FACTOR;
