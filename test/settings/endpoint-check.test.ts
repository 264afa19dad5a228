import { describe, expect, it } from 'vitest';
import { endpointProblem } from '../../src/settings/endpoint-check';

describe('endpoint URLs in the settings', () => {
  it.each([
    'http://localhost:11434/v1',
    'https://api.openai.com/v1',
    'http://127.0.0.1:8080',
    'http://[::1]:11434/v1',
  ])('accepts %s', (value) => {
    expect(endpointProblem(value)).toBeUndefined();
  });

  it('"localhost:11434" is told to add http://', () => {
    expect(endpointProblem('localhost:11434')).toBe('Add the scheme: http://localhost:11434');
    expect(endpointProblem('127.0.0.1:11434/v1')).toBe('Add the scheme: http://127.0.0.1:11434/v1');
  });

  it('a host without a scheme is told to add https://', () => {
    expect(endpointProblem('api.example.com/v1')).toBe(
      'Add the scheme: https://api.example.com/v1',
    );
  });

  it.each([
    ['', /Enter the endpoint/],
    ['ftp://example.com', /http:\/\/ or https:\/\//],
    ['javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['not a url', /not a URL/],
    ['https://me:secret@example.com', /user name and password/],
  ])('refuses %j', (value, message) => {
    expect(endpointProblem(value)).toMatch(message);
  });
});
