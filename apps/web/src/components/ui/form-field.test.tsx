// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';

afterEach(cleanup);

describe('FormField', () => {
  it('names the control by its label and shows the hint while there is no error', () => {
    render(
      <FormField id="site-name" label="Nom du site" hint="Tel que le client le connaît" required>
        <Input id="site-name" aria-describedby="site-name-hint" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Nom du site' });
    expect(input.getAttribute('aria-describedby')).toBe('site-name-hint');
    expect(screen.getByText('Tel que le client le connaît')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces the hint with the French error, announced to screen readers', () => {
    render(
      <FormField
        id="site-name"
        label="Nom du site"
        hint="Tel que le client le connaît"
        error="Le nom du site est obligatoire"
      >
        <Input id="site-name" aria-describedby="site-name-error" aria-invalid />
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Le nom du site est obligatoire');
    expect(screen.queryByText('Tel que le client le connaît')).toBeNull();
    expect(document.getElementById('site-name-error')?.textContent).toBe('Le nom du site est obligatoire');
  });
});
