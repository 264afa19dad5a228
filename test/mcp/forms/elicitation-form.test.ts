// A server's request for input becomes a form: fields from its flat schema, its defaults filled in, and
// the person's answers checked against it in sentences that name the field.
import { describe, expect, it } from 'vitest';
import {
  elicitationDefaults,
  elicitationFields,
  elicitationProblems,
  fieldValueFromText,
  secretAnswers,
  type ElicitationSchema,
} from '../../../src/mcp/forms/elicitation-form';

const schema: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', default: 'John Doe', minLength: 2 },
    age: { type: 'integer', description: 'Years', default: 30, minimum: 0 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive'], enumNames: ['Active', 'Inactive'] },
    tier: {
      type: 'string',
      oneOf: [
        { const: 'gold', title: 'Gold' },
        { const: 'free', title: 'Free' },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    verified: { type: 'boolean', default: true },
  },
  required: ['name', 'status'],
};

describe('an elicitation form', () => {
  it('has one field per property, with its label, kind, choices and whether it is required', () => {
    const fields = elicitationFields(schema);
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['name', 'text', true],
      ['age', 'integer', false],
      ['score', 'number', false],
      ['status', 'choice', true],
      ['tier', 'choice', false],
      ['tags', 'choices', false],
      ['verified', 'boolean', false],
    ]);
    expect(fields[0]?.label).toBe('Your name');
    expect(fields[1]?.description).toBe('Years');
    expect(fields[3]?.options).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ]);
    expect(fields[4]?.options.map((option) => option.label)).toEqual(['Gold', 'Free']);
    expect(fields[5]?.options.map((option) => option.value)).toEqual(['a', 'b']);
  });

  it('opens with the schema defaults', () => {
    expect(elicitationDefaults(schema)).toEqual({
      name: 'John Doe',
      age: 30,
      score: 95.5,
      verified: true,
    });
  });

  it('reads typed numbers as numbers and an empty field as no answer', () => {
    const [, age] = elicitationFields(schema);
    expect(fieldValueFromText(age!, '42')).toBe(42);
    expect(fieldValueFromText(age!, '  ')).toBeUndefined();
    expect(fieldValueFromText(age!, 'forty')).toBe('forty');
  });

  it('accepts answers that match the schema', () => {
    expect(elicitationProblems(schema, { name: 'Ada', status: 'active', tags: ['a'] })).toEqual([]);
  });

  it('names each field that is missing or wrong', () => {
    expect(
      elicitationProblems(schema, { name: 'A', age: 2.5, status: 'gone', tier: 'silver' }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your name: /),
        'age must be a whole number.',
        'status must be one of the choices.',
      ]),
    );
    expect(elicitationProblems(schema, { status: 'active' })).toEqual(['Your name is required.']);
  });

  it('knows the text fields that ask for a credential, by name, title or description', () => {
    const asking: ElicitationSchema = {
      type: 'object',
      properties: {
        api_key: { type: 'string' },
        pass: { type: 'string', title: 'Password' },
        code: { type: 'string', description: 'Paste your access token here' },
        login: { type: 'string', title: 'Your Mapwright API key' },
        region: { type: 'string', title: 'Region' },
        sort_key: { type: 'string', title: 'Sort by' },
        notify: { type: 'boolean', title: 'Notify the token holder' },
      },
    };
    const secret = elicitationFields(asking)
      .filter((field) => field.secret)
      .map((field) => field.name);
    expect(secret).toEqual(['api_key', 'pass', 'code', 'login']);
    expect(
      secretAnswers(asking, { api_key: 'k-123456', region: 'north', login: '', notify: true }),
    ).toEqual(['k-123456']);
  });
});
