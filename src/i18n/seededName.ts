import { appMessages as englishMessages } from './en';
import { useAppMessages } from './locale';

type Names = Record<string, Record<string, string>>;
/** Each seeded English name, with where the catalogues keep it (`seededApparel.<group>.<key>`). */
const seededNames = new Map(
  Object.entries(englishMessages.seededApparel as Names).flatMap(([group, names]) =>
    Object.entries(names).map(([key, english]) => [english, { group, key }] as const),
  ),
);

/**
 * A base apparel's title or a colour's name in the reader's language when the seed gave it
 * (the catalogue knows it), else as an Admin typed it.
 */
export function useSeededName() {
  const current = useAppMessages();
  return (name: string) => {
    const at = seededNames.get(name);
    return at ? (current.seededApparel as Names)[at.group][at.key] : name;
  };
}
