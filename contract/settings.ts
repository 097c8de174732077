import { z } from 'zod';
import { limits, requiredText, resultOf, tableResultOf } from './common';

export const settingSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  isEnabled: z.boolean(),
});
export type Setting = z.infer<typeof settingSchema>;

/** The spec sets no limit on a value; this one keeps a stray paste from filling the table. */
export const settingValueMax = 4000;

const isEnabledField = z.boolean({ error: 'Enabled is required' });

/**
 * A key made only of digits could never be read through `GET settings/{key}`, because the
 * server reads a numeric path segment as an id.
 */
export const settingKeyField = requiredText('Key', limits.settingKey).refine(
  (key) => !/^\d+$/.test(key),
  'Key must contain a letter',
);

export const settingCreateSchema = z.object({
  key: settingKeyField,
  value: requiredText('Value', settingValueMax),
  isEnabled: isEnabledField,
});
export type SettingCreate = z.input<typeof settingCreateSchema>;

/** The key is read-only on update: it is not part of the body, and a key sent anyway is ignored. */
export const settingUpdateSchema = z.object({
  value: requiredText('Value', settingValueMax),
  isEnabled: isEnabledField,
});

export const settingIdOrKeyParamsSchema = z.object({
  idOrKey: z.string().min(1).max(limits.settingKey),
});

export const settingResponseSchema = resultOf(settingSchema);
export const settingTableResponseSchema = tableResultOf(settingSchema);
