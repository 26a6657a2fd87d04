import { describe, expect, it } from 'vitest';
import { signupFormBody } from '@balcao/contracts';
import { fieldMessage, lengthRule } from './fieldMessage';

describe('field messages that state the rule', () => {
  it('reads a field’s length bounds from its contract schema', () => {
    expect(lengthRule(signupFormBody.shape.password)).toEqual({ min: 8, max: 50 });
    expect(lengthRule(signupFormBody.shape.name)).toEqual({ min: 2, max: 50 });
    expect(lengthRule(signupFormBody.shape.email)).toBeUndefined();
  });

  it('turns too short / too long into the message with the bounds when the rule is known', () => {
    const rule = { min: 5, max: 50 };
    expect(fieldMessage('tooShort', rule)).toEqual({ key: 'validation.tooShortRule', values: rule });
    expect(fieldMessage('tooLong', rule)).toEqual({ key: 'validation.tooLongRule', values: rule });
    expect(fieldMessage('tooShort')).toEqual({ key: 'validation.tooShort' });
    expect(fieldMessage('required', rule)).toEqual({ key: 'validation.required' });
  });
});
