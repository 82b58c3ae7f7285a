import { describe, expect, it } from 'vitest';
import { categoryInputSchema } from '../../common/schemas/category';
import { analyticsRangeSchema } from '../../common/schemas/analytics';
import { ApiError } from './api-client';
import { failureErrors, firstBadField, parseDraft } from './use-form';

describe('the form hook’s rules', () => {
  it('parses a good draft with the shared schema', () => {
    expect(parseDraft(categoryInputSchema, { name: '  Hats ', relevance: '2', description: '' })).toEqual({
      data: expect.objectContaining({ name: 'Hats', relevance: 2 }),
    });
  });

  it('gives each bad field its first message, a refinement’s under the field it names', () => {
    const result = parseDraft(analyticsRangeSchema, { from: '2026-03-10', to: '2026-03-01' });
    expect(result).toEqual({ errors: { to: 'To must be on or after From' } });
    const blank = parseDraft(categoryInputSchema, { name: ' ', relevance: 'x', description: '' });
    expect('errors' in blank && Object.keys(blank.errors).sort()).toEqual(['name', 'relevance']);
  });

  it('finds the first bad field in screen order, not in the order of the messages', () => {
    const order = ['title', 'price', 'category', 'link'] as const;
    expect(firstBadField(order, { link: 'Bad link', price: 'Bad price' })).toBe('price');
    expect(firstBadField(order, { form: 'Refused' })).toBeUndefined();
    expect(firstBadField(order, {})).toBeUndefined();
  });

  it('puts a server’s refusal under the field it is about, anything else on the form', () => {
    const underName = (_message: string, status: number) => (status === 409 ? ('name' as const) : undefined);
    expect(failureErrors(new ApiError(409, 'A category with this name already exists'), underName)).toEqual({
      name: 'A category with this name already exists',
    });
    expect(failureErrors(new ApiError(500, 'Internal error'), underName)).toEqual({ form: 'Internal error' });
    // Only the server's answers are placed under a field: a local Error is the form's message.
    expect(failureErrors(new Error('Offline'), () => 'name')).toEqual({ form: 'Offline' });
    expect(failureErrors('nonsense')).toEqual({ form: 'Something went wrong. Please try again.' });
  });
});
