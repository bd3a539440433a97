// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  aesKeySchema,
  type CreatePanelBody,
  createPanelBody,
  type PanelDto,
  type UpdatePanelBody,
  updatePanelBody,
} from '@vigie/contract/panels.contract';
import { z } from 'zod';
import { msg } from '../../../lib/i18n/i18n';

/**
 * The test mode as the form offers it: `keep` leaves it as it is (none for a new panel), `none`
 * ends it (`testUntil: null`), `1` / `4` / `24` hours from the save, or `until` a date and time.
 */
export const testModes = ['keep', 'none', '1', '4', '24', 'until'] as const;
export type TestMode = (typeof testModes)[number];
export const testDurations = ['1', '4', '24'] as const;

/** The key field: empty means no key (new panel) or the stored key kept (edit). */
const aesKeyField = z.string().check((ctx) => {
  if (ctx.value === '') return;
  const parsed = aesKeySchema.safeParse(ctx.value);
  if (!parsed.success) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: parsed.error.issues[0]?.message ?? msg('Clé AES invalide'),
    });
  }
});

/** Minutes as typed: empty is « non supervisée » (null); the contract's bounds and messages. */
const supervisionField = z
  .string()
  .trim()
  .transform((value): number | null | undefined => (value === '' ? null : Number(value)))
  .pipe(createPanelBody.shape.supervisionMinutes)
  .transform((value) => value ?? null);

const isDateTime = (value: unknown) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(new Date(value).getTime());

/** The contract's own schemas, so the form says what the server would (in French). */
export const panelFormSchema = z
  .object({
    siteId: z
      .string()
      .min(1, { error: msg('Veuillez sélectionner un site') })
      .pipe(createPanelBody.shape.siteId),
    name: createPanelBody.shape.name,
    account: createPanelBody.shape.account,
    aesKey: aesKeyField,
    supervisionMinutes: supervisionField,
    zones: updatePanelBody.shape.zones.unwrap(),
    testMode: z.enum(testModes),
    /** The `until` choice's end, as a `datetime-local` field gives it (the browser's local time). */
    testUntil: z.string(),
  })
  // Checked with the fields' own refusals (`when`), not only once they all pass: the form shows
  // every message at once.
  .refine((values) => values.testMode !== 'until' || isDateTime(values.testUntil), {
    path: ['testUntil'],
    error: msg('Indiquez la date et l’heure de fin du test'),
    when: () => true,
  })
  .refine(
    (values) =>
      values.testMode !== 'until' ||
      !isDateTime(values.testUntil) ||
      new Date(values.testUntil).getTime() > Date.now(),
    { path: ['testUntil'], error: msg('La fin du test doit être dans le futur'), when: () => true },
  );

export type PanelFormValues = z.input<typeof panelFormSchema>;
export type PanelFormOutput = z.output<typeof panelFormSchema>;

export const emptyPanelForm = (siteId = ''): PanelFormValues => ({
  siteId,
  name: '',
  account: '',
  aesKey: '',
  supervisionMinutes: '',
  zones: [],
  testMode: 'keep',
  testUntil: '',
});

/** The stored key is never sent back: the field starts empty and an empty field keeps it. */
export function panelToForm(panel: PanelDto): PanelFormValues {
  return {
    siteId: panel.siteId,
    name: panel.name,
    account: panel.account,
    aesKey: '',
    supervisionMinutes: panel.supervisionMinutes === null ? '' : String(panel.supervisionMinutes),
    zones: panel.zones.map((zone) => ({ number: String(zone.number).padStart(2, '0'), name: zone.name })),
    testMode: 'keep',
    testUntil: '',
  };
}

/** The end of the test mode the form asks for: undefined leaves it, null ends it. */
export function testUntilOf(
  values: Pick<PanelFormOutput, 'testMode' | 'testUntil'>,
  now: number = Date.now(),
): string | null | undefined {
  switch (values.testMode) {
    case 'keep':
      return undefined;
    case 'none':
      return null;
    case 'until':
      return new Date(values.testUntil).toISOString();
    default:
      return new Date(now + Number(values.testMode) * 3_600_000).toISOString();
  }
}

export function toCreateBody(values: PanelFormOutput, now?: number): CreatePanelBody {
  const testUntil = testUntilOf(values, now);
  return {
    siteId: values.siteId,
    name: values.name,
    account: values.account,
    ...(values.aesKey !== '' ? { aesKey: values.aesKey } : {}),
    supervisionMinutes: values.supervisionMinutes,
    zones: values.zones,
    ...(testUntil ? { testUntil } : {}),
  };
}

/**
 * The edit's body: the key only when one was typed (`null` when « Supprimer la clé » was asked),
 * the test mode only when changed.
 */
export function toUpdateBody(values: PanelFormOutput, removeKey: boolean, now?: number): UpdatePanelBody {
  const testUntil = testUntilOf(values, now);
  return {
    siteId: values.siteId,
    name: values.name,
    account: values.account,
    ...(removeKey ? { aesKey: null } : values.aesKey !== '' ? { aesKey: values.aesKey } : {}),
    supervisionMinutes: values.supervisionMinutes,
    zones: values.zones,
    ...(testUntil !== undefined ? { testUntil } : {}),
  };
}
