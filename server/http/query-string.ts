// Query strings and form bodies the way PHP reads them, which clients of the reference rely on:
// `a[]=1&a[]=2` and `a[0]=1` build arrays, `a[key]=v` builds an object (one level), and a
// repeated plain key keeps its last value.
export function parseParams(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    if (!match) {
      result[rawKey] = value;
      continue;
    }
    const [, key, sub] = match as unknown as [string, string, string];
    if (sub === '' || /^\d+$/.test(sub)) {
      const list = Array.isArray(result[key]) ? (result[key] as unknown[]) : [];
      list.push(value);
      result[key] = list;
    } else {
      const object =
        result[key] && typeof result[key] === 'object' && !Array.isArray(result[key])
          ? (result[key] as Record<string, unknown>)
          : Object.create(null);
      object[sub] = value;
      result[key] = object;
    }
  }
  return { ...result };
}
