/** Time source of the commerce core: services never call `new Date()` themselves, so tests can pin time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(iso: string | Date): Clock {
  const at = typeof iso === "string" ? new Date(iso) : iso;
  return { now: () => new Date(at) };
}

export const DAY_MS = 86_400_000;

/** `yyyy-mm-dd` of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
