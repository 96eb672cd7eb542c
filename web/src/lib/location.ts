// Trip locations are 'city, state, country' strings (docs/product.md §3); weather asks for the parts present.
export interface LocationParts {
  city?: string;
  state?: string;
  country?: string;
}

export function parseLocation(location: string | undefined | null): LocationParts {
  const parts = (location ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { city: parts[0] };
  if (parts.length === 2) return { city: parts[0], country: parts[1] };
  return { city: parts[0], state: parts[1], country: parts[parts.length - 1] };
}
