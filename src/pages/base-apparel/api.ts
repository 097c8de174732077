import { useQuery } from '@tanstack/react-query';
import type { ApparelColour, BaseApparel } from '../../../contract/merchandise';
import { http } from '../../providers';
import { uploadForm } from '../design-logos/upload';

/** Every catalogue query, this screen's and the studio's per organization: a new colour changes them all. */
export const apparelQueriesKey = ['base-apparel'] as const;

/** The whole catalogue, asked without an organization: it is the same for every one. */
const catalogueQueryKey = [...apparelQueriesKey, 'catalogue'] as const;

export function useCatalogue() {
  return useQuery({
    queryKey: catalogueQueryKey,
    queryFn: ({ signal }) =>
      http<{ result: { products: BaseApparel[] } }>('/api/merchandise/base-apparel', { signal }),
    select: (body) => body.result.products,
  });
}

export interface NewColour {
  name: string;
  hex: string;
  image: File;
}

export function addApparelColour(apparelId: number, colour: NewColour) {
  const form = new FormData();
  form.append('Name', colour.name);
  form.append('Hex', colour.hex);
  form.append('ImageFile', colour.image, colour.image.name);
  return uploadForm<ApparelColour>(`/api/merchandise/base-apparel/${apparelId}/colours`, form);
}
