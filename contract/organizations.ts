import { z } from 'zod';
import { optionSchema, resultOf } from './common';

export const organizationOptionsResponseSchema = resultOf(z.array(optionSchema));
