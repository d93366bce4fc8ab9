/**
 * One counted warning channel for recoverable problems (Observable Plot's pattern): library code calls
 * `warn`, the CLI prints to stderr, notebooks show them, tests assert on `warnings()`.
 */
const seen: string[] = [];
const printed = new Set<string>();
/** Default: print each distinct message once to stderr (Tables 19 and 20 can raise the same one). */
let listener: ((message: string) => void) | null = (m) => {
  if (printed.has(m)) return;
  printed.add(m);
  process.stderr.write(`warning: ${m}\n`);
};

export function warn(message: string): void {
  seen.push(message);
  listener?.(message);
}

/** Warnings emitted since the last `clearWarnings()`. */
export function warnings(): readonly string[] {
  return seen;
}

/** Each distinct warning once, with how often it was raised, in first-raised order (default: `warnings()`). */
export function distinctWarnings(list: readonly string[] = seen): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].map(([message, count]) => ({ message, count }));
}

export function clearWarnings(): void {
  seen.length = 0;
}

/** Route warnings elsewhere (null to silence output; they are still counted); returns the listener it replaces, to restore it. */
export function onWarning(fn: ((message: string) => void) | null): ((message: string) => void) | null {
  const previous = listener;
  listener = fn;
  return previous;
}
