/** Stored image path → URL (docs/spec.md §7): http(s) URLs as they are, paths on /uploads/. */
export function imageUrl(image: string | null | undefined): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image) || image.startsWith('/')) return image;
  return `/uploads/${image}`;
}
