// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormField } from '../components/ui/form-field';
import { FormSelect } from '../components/ui/form-select';
import { Input } from '../components/ui/input';
import { ApiError } from './api-errors';
import { showServerErrors, splitServerError } from './field-errors';

afterEach(cleanup);

const conflict = (detail: string, code: string) => new ApiError(409, detail, detail, code);
const invalid = (...items: { loc: (string | number)[]; msg: string }[]) =>
  new ApiError(
    422,
    items.map((i) => ({ ...i, type: 'custom' })),
    items.map((i) => i.msg).join(', '),
  );

describe('splitServerError: which refusal goes on which field', () => {
  it('puts each 422 item on the field its body loc names, the rest in the toast', () => {
    const error = invalid(
      { loc: ['body', 'name'], msg: 'Le nom du site est obligatoire' },
      { loc: ['body', 'latitude'], msg: 'La latitude doit être comprise entre -90 et 90' },
      { loc: ['query', 'limit'], msg: 'Limite invalide' },
    );
    expect(splitServerError(error, ['name', 'latitude'])).toEqual({
      onFields: [
        { field: 'name', message: 'Le nom du site est obligatoire' },
        { field: 'latitude', message: 'La latitude doit être comprise entre -90 et 90' },
      ],
      rest: 'Limite invalide',
    });
  });

  it('lands a nested path on the nearest field of the form, and follows a rename', () => {
    const lines = invalid({ loc: ['body', 'ipWhitelist', 2], msg: 'Ligne 3 : adresse IP invalide' });
    expect(splitServerError(lines, ['ipWhitelist']).onFields).toEqual([
      { field: 'ipWhitelist', message: 'Ligne 3 : adresse IP invalide' },
    ]);
    const admin = invalid({ loc: ['body', 'admin', 'email'], msg: 'Adresse e-mail invalide' });
    expect(splitServerError(admin, { 'admin.email': 'adminEmail' }).onFields).toEqual([
      { field: 'adminEmail', message: 'Adresse e-mail invalide' },
    ]);
  });

  it('maps a business refusal by its code to the field it is about', () => {
    const taken = conflict('Ce numéro de badge est déjà attribué', 'badges.number_taken');
    expect(splitServerError(taken, ['badgeId', 'holderName'])).toEqual({
      onFields: [{ field: 'badgeId', message: 'Ce numéro de badge est déjà attribué' }],
      rest: null,
    });
    // The same refusal in a form without that field stays a toast.
    expect(splitServerError(taken, ['holderName'])).toEqual({
      onFields: [],
      rest: 'Ce numéro de badge est déjà attribué',
    });
  });

  it('keeps refusals about no field (a plan limit, a lost network) for the toast', () => {
    const limit = new ApiError(
      403,
      "Limite atteinte : l'offre Basique (basic) permet 5 sites au maximum",
      "Limite atteinte : l'offre Basique (basic) permet 5 sites au maximum",
      'sites.plan_limit',
    );
    expect(splitServerError(limit, ['name'])).toEqual({
      onFields: [],
      rest: "Limite atteinte : l'offre Basique (basic) permet 5 sites au maximum",
    });
    expect(splitServerError(new TypeError('boom'), ['name'], 'Impossible de créer le site')).toEqual({
      onFields: [],
      rest: 'Impossible de créer le site',
    });
  });
});

const schema = z.object({
  name: z.string().trim().min(1, { error: 'Le nom du canal est obligatoire' }),
  type: z.enum(['site', 'urgence'], { error: 'Type de canal invalide' }),
});
type Values = z.input<typeof schema>;

/** A form built from the shared pieces, as every feature form is. */
function ChannelForm({ refuse }: { refuse: unknown }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', type: 'site' } });
  const onSubmit = handleSubmit(async () => {
    const rest = showServerErrors(refuse, setError, ['name', 'type']);
    if (rest) document.title = rest;
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField id="channel-name" label="Nom du canal" required error={errors.name?.message}>
        <Input
          id="channel-name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'channel-name-error' : undefined}
          {...register('name')}
        />
      </FormField>
      <FormField id="channel-type" label="Type" required error={errors.type?.message}>
        <FormSelect
          control={control}
          name="type"
          id="channel-type"
          options={[
            { value: 'site', label: 'Site' },
            { value: 'urgence', label: 'Urgence' },
          ]}
        />
      </FormField>
      <button type="submit">Créer le canal</button>
    </form>
  );
}

describe('the shared form pieces with a server refusal', () => {
  it('shows the schema message under the field before any call', async () => {
    render(<ChannelForm refuse={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Créer le canal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le nom du canal est obligatoire');
    expect(screen.getByRole('textbox', { name: 'Nom du canal' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a taken name (409 radio_channels.name_taken) under the name and focuses it', async () => {
    render(<ChannelForm refuse={conflict('Un canal porte déjà ce nom', 'radio_channels.name_taken')} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom du canal' }), 'Sécurité incendie');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le canal' }));
    const input = screen.getByRole('textbox', { name: 'Nom du canal' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.getElementById('channel-name-error')?.textContent).toBe('Un canal porte déjà ce nom');
    expect(input.getAttribute('aria-describedby')).toBe('channel-name-error');
  });

  it('marks a refused select invalid, points it at its message and focuses it', async () => {
    render(<ChannelForm refuse={invalid({ loc: ['body', 'type'], msg: 'Type de canal invalide' })} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom du canal' }), 'Accueil');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le canal' }));
    const select = screen.getByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(select.getAttribute('aria-describedby')).toBe('channel-type-error');
    expect(document.getElementById('channel-type-error')?.textContent).toBe('Type de canal invalide');
    expect(document.activeElement).toBe(select);
  });
});
