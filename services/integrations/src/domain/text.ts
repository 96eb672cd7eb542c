// Text matching shared by the city index, the weather geocoder and cache keys:
// accent- and case-insensitive, punctuation folded to single spaces, so that
// 'sao p' finds 'São Paulo' and 'Saint-Étienne' equals 'saint etienne'.

/** Letters NFD does not decompose into a base letter plus a mark. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'g');

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function normaliseText(text: string): string {
  // Most names are plain ASCII; skipping NFD for them halves the city index build.
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface LocationParts {
  city: string;
  state?: string;
  country?: string;
}

/** Trip locations are 'city, state, country' strings (docs/product.md §3); two parts mean city and country. */
export function parseTripLocation(location: string): LocationParts | undefined {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [city, ...rest] = parts;
  if (!city) return undefined;
  if (rest.length === 0) return { city };
  if (rest.length === 1) return { city, country: rest[0] };
  return { city, state: rest[0], country: rest[rest.length - 1] };
}
