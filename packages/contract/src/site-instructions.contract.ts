// A site's instructions (« Consignes », issue 34): who to call and in which order, the steps of an
// intervention, which alarm types go straight to the authorities, and how fast an agent must accept
// and arrive. One document per site, replaced whole by PUT; defaults when the site saved none.
import { z } from 'zod';
import { type AlarmSeverity, type AlarmType, alarmSeverities, alarmTypes } from './alarms.contract';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  nulMessage,
  requiredText,
  timestampSchema,
} from './common';

/**
 * « active »: raised straight to the authorities or an intervention, no verification (a panic or
 * duress alarm); « passive »: needs a verification (levée de doute) first.
 */
export const alarmResponseModes = ['active', 'passive'] as const;
export type AlarmResponseMode = (typeof alarmResponseModes)[number];
export const alarmResponseModeLabels: Record<AlarmResponseMode, string> = {
  active: 'Active (intervention directe)',
  passive: 'Passive (levée de doute)',
};

export const defaultAlarmResponses: Record<AlarmType, AlarmResponseMode> = {
  intrusion: 'passive',
  fire: 'passive',
  access_denied: 'passive',
  camera_offline: 'passive',
  panic: 'active',
  technical: 'passive',
  agent_absent: 'passive',
  shift_overrun: 'passive',
};

export interface ResponseTarget {
  /** Seconds an agent has to accept a proposed intervention before it goes to the next one. */
  acceptSeconds: number;
  /** Minutes the agent has to be on site once he accepted. */
  arriveMinutes: number;
}

export const defaultResponseTargets: Record<AlarmSeverity, ResponseTarget> = {
  critical: { acceptSeconds: 60, arriveMinutes: 15 },
  high: { acceptSeconds: 120, arriveMinutes: 30 },
  medium: { acceptSeconds: 180, arriveMinutes: 45 },
  low: { acceptSeconds: 300, arriveMinutes: 60 },
};

export const instructionLimits = {
  contacts: 20,
  phonesPerContact: 3,
  steps: 50,
  stepText: 300,
  acceptSeconds: { min: 10, max: 3600 },
  arriveMinutes: { min: 1, max: 1440 },
} as const;

const optionalNullableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    .transform((v) => (v ? v : null));

// A phone as the site's contact phone is validated, and required here: at least two digits.
export const contactPhoneSchema = z
  .string({ error: 'Le numéro de téléphone est obligatoire' })
  .trim()
  .min(1, { error: 'Le numéro de téléphone est obligatoire' })
  .max(30, { error: 'Le numéro de téléphone est trop long' })
  .regex(/^[+0-9 ().-]*$/, { error: 'Numéro de téléphone invalide' })
  .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 2, { error: 'Numéro de téléphone invalide' });

export const siteContactInput = z
  .object({
    /** Kept across saves when sent back (an alarm's file names the contact it called). */
    id: idSchema.optional(),
    name: requiredText('Le nom du contact', 100),
    role: optionalNullableText('La fonction', 100),
    phones: z
      .array(contactPhoneSchema, { error: 'Les numéros de téléphone doivent être une liste' })
      .min(1, { error: 'Au moins un numéro de téléphone par contact' })
      .max(instructionLimits.phonesPerContact, {
        error: `${instructionLimits.phonesPerContact} numéros de téléphone au maximum par contact`,
      }),
    /** The word the caller must give to be recognised (read by administrators and operators only). */
    password: optionalNullableText('Le mot de passe', 100),
    availability: optionalNullableText('Les disponibilités', 300),
  })
  .strict();

export const instructionStepInput = z
  .object({
    id: idSchema.optional(),
    text: requiredText("Le texte de l'étape", instructionLimits.stepText),
  })
  .strict();

export const alarmResponseModeInput = z.enum(alarmResponseModes, {
  error: 'Mode invalide (active ou passive)',
});
export const responseTargetInput = z
  .object({
    acceptSeconds: z
      .number({ error: "Le délai d'acceptation doit être un nombre de secondes" })
      .int({ error: "Le délai d'acceptation doit être un nombre entier de secondes" })
      .min(instructionLimits.acceptSeconds.min, {
        error: "Le délai d'acceptation doit être compris entre 10 et 3600 secondes",
      })
      .max(instructionLimits.acceptSeconds.max, {
        error: "Le délai d'acceptation doit être compris entre 10 et 3600 secondes",
      }),
    arriveMinutes: z
      .number({ error: "Le délai d'arrivée doit être un nombre de minutes" })
      .int({ error: "Le délai d'arrivée doit être un nombre entier de minutes" })
      .min(instructionLimits.arriveMinutes.min, {
        error: "Le délai d'arrivée doit être compris entre 1 et 1440 minutes",
      })
      .max(instructionLimits.arriveMinutes.max, {
        error: "Le délai d'arrivée doit être compris entre 1 et 1440 minutes",
      }),
  })
  .strict();

/** One key per value, each optional (a missing one takes its default), no other key. */
const partialKeys = <K extends string, S extends z.ZodType>(keys: readonly K[], value: S) =>
  z
    .object(Object.fromEntries(keys.map((k) => [k, value.optional()])) as { [P in K]: z.ZodOptional<S> })
    .strict();

const uniqueIds = (
  items: { id?: string | undefined }[],
  ctx: z.RefinementCtx,
  field: string,
  what: string,
) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!item.id) return;
    if (seen.has(item.id)) {
      ctx.addIssue({
        code: 'custom',
        path: [field, i, 'id'],
        message: `${what} figure deux fois dans la liste`,
      });
    }
    seen.add(item.id);
  });
};

export const putSiteInstructionsBody = z
  .object({
    /** The call list, in calling order. */
    contacts: z
      .array(siteContactInput, { error: 'Les contacts doivent être une liste' })
      .max(instructionLimits.contacts, { error: `${instructionLimits.contacts} contacts au maximum` })
      .default([]),
    /** The intervention's checklist, in order. */
    steps: z
      .array(instructionStepInput, { error: 'Les étapes doivent être une liste' })
      .min(1, { error: 'Au moins une étape dans les consignes' })
      .max(instructionLimits.steps, { error: `${instructionLimits.steps} étapes au maximum` }),
    alarmResponses: partialKeys(alarmTypes, alarmResponseModeInput).default({}),
    responseTargets: partialKeys(alarmSeverities, responseTargetInput).default({}),
  })
  .strict()
  .superRefine((v, ctx) => {
    uniqueIds(v.contacts, ctx, 'contacts', 'Ce contact');
    uniqueIds(v.steps, ctx, 'steps', 'Cette étape');
  });
export type PutSiteInstructionsBody = z.input<typeof putSiteInstructionsBody>;

const responseTargetSchema = z.object({ acceptSeconds: z.number().int(), arriveMinutes: z.number().int() });

export const siteContactSchema = z.object({
  id: idSchema,
  name: z.string(),
  role: z.string().nullable(),
  phones: z.array(z.string()),
  /** Null for a reader who may not see it (agents): see `passwordsHidden`. */
  password: z.string().nullable(),
  availability: z.string().nullable(),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

export const instructionStepSchema = z.object({ id: idSchema, text: z.string() });
export type InstructionStep = z.infer<typeof instructionStepSchema>;

export const siteInstructionsSchema = z.object({
  siteId: idSchema,
  contacts: z.array(siteContactSchema),
  steps: z.array(instructionStepSchema),
  alarmResponses: z.object(
    Object.fromEntries(alarmTypes.map((t) => [t, z.enum(alarmResponseModes)])) as {
      [P in AlarmType]: z.ZodEnum<{ active: 'active'; passive: 'passive' }>;
    },
  ),
  responseTargets: z.object(
    Object.fromEntries(alarmSeverities.map((s) => [s, responseTargetSchema])) as {
      [P in AlarmSeverity]: typeof responseTargetSchema;
    },
  ),
  /** True when the contacts' passwords were withheld from this reader (agents). */
  passwordsHidden: z.boolean(),
  /** Null while the site saved none (the defaults are shown). */
  updatedAt: timestampSchema.nullable(),
});
export type SiteInstructions = z.infer<typeof siteInstructionsSchema>;

export const getSiteInstructions = defineEndpoint({
  method: 'GET',
  path: '/api/sites/:id/instructions',
  summary: "Consignes d'un site (liste d'appel, étapes, alarmes actives, délais) ; valeurs par défaut sinon",
  tags: ['sites'],
  auth: true,
  params: idParams,
  response: siteInstructionsSchema,
});

export const putSiteInstructions = defineEndpoint({
  method: 'PUT',
  path: '/api/sites/:id/instructions',
  summary: "Remplacer les consignes d'un site (administrateurs et opérateurs)",
  tags: ['sites'],
  auth: true,
  params: idParams,
  body: putSiteInstructionsBody,
  response: siteInstructionsSchema,
});
