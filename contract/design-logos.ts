import { z } from 'zod';
import { resultOf } from './common';
import { trashRowFields } from './trash';
import { maxIntegerId } from './resource';

/** Logos are png or svg (spec section 9); the server checks the content, not the name. */
const logoFileTypes = ['image/png', 'image/svg+xml'] as const;
/** An SVG logo is drawn at whatever size it prints, so its resolution never limits a print. */
export const isVectorLogo = (contentType: string) => contentType === 'image/svg+xml';
export const logoFileAccept = '.png,.svg,image/png,image/svg+xml';

const designLogoSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  fileName: z.string(),
  /** Where the file is served from, under /api. */
  fileUrl: z.string(),
  contentType: z.enum(logoFileTypes),
});
export type DesignLogo = z.infer<typeof designLogoSchema>;

export const organizationIdField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(maxIntegerId, `${label} does not exist`)
    .optional();

export const designLogoListQuerySchema = z.object({ organizationId: organizationIdField('organizationId') });
/** The spec spells the upload's query parameter `OrganizationId`. */
export const designLogoUploadQuerySchema = z.object({
  OrganizationId: organizationIdField('OrganizationId'),
});

const trashedDesignLogoSchema = designLogoSchema.extend(trashRowFields);
export type TrashedDesignLogo = z.infer<typeof trashedDesignLogoSchema>;
export const designLogoTrashResponseSchema = resultOf(z.array(trashedDesignLogoSchema));

export const designLogoListResponseSchema = resultOf(z.array(designLogoSchema));
export const designLogoResponseSchema = resultOf(designLogoSchema);
export const designLogoDeleteResponseSchema = resultOf(z.object({ id: z.number().int() }));

export const designLogoFileUrl = (id: number) => `/api/design-logos/${id}/file`;
