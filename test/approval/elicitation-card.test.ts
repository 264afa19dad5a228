// @vitest-environment jsdom
// A server's request for input as a card: the form opens with the schema's defaults, Accept sends the
// answers only once they pass the schema, and Decline and Cancel say no without the answers.
import { describe, expect, it } from 'vitest';
import { ElicitationCard } from '../../src/approval/elicitation-card';
import type { ElicitationRequest } from '../../src/mcp/forms/elicitation-request';

const request: ElicitationRequest = {
  serverId: 'crm',
  serverHost: 'crm.example.org',
  message: 'Who should the report go to?',
  schema: {
    type: 'object',
    properties: {
      email: { type: 'string', title: 'Email', format: 'email' },
      copies: { type: 'integer', default: 2, minimum: 1 },
      format: { type: 'string', enum: ['pdf', 'csv'], default: 'pdf' },
      urgent: { type: 'boolean', default: true },
    },
    required: ['email'],
  },
};

function open() {
  const card = new ElicitationCard(request);
  document.body.replaceChildren(card.root);
  const input = (name: string) => card.root.querySelector<HTMLInputElement>(`#mw-elicit-${name}`)!;
  const press = (label: string) =>
    [...card.root.querySelectorAll('button')].find((node) => node.textContent === label)!.click();
  return { card, input, press };
}

describe('an elicitation card', () => {
  it("shows the server's message and opens with the schema defaults", () => {
    const { card, input } = open();
    expect(card.root.querySelector('.mw-elicitation-from')!.textContent).toBe(
      'The server "crm" (crm.example.org) asks:',
    );
    expect(card.root.textContent).toContain('Who should the report go to?');
    expect(card.root.textContent).toContain('Email *');
    expect(input('copies').value).toBe('2');
    expect(card.root.querySelector<HTMLSelectElement>('#mw-elicit-format')!.value).toBe('pdf');
    expect(input('urgent').checked).toBe(true);
  });

  it('keeps the card open and names the problem while the answers do not pass the schema', async () => {
    const { card, input, press } = open();
    input('copies').value = '0';
    press('Accept');
    expect(card.root.isConnected).toBe(true);
    const problems = card.root.querySelector('.mw-elicitation-problems')!.textContent;
    expect(problems).toContain('Email is required.');
    expect(problems).toContain('copies');

    input('email').value = 'ada@example.org';
    input('copies').value = '3';
    input('urgent').checked = false;
    press('Accept');
    await expect(card.answer).resolves.toEqual({
      action: 'accept',
      content: { email: 'ada@example.org', copies: 3, format: 'pdf', urgent: false },
    });
    expect(card.root.isConnected).toBe(false);
  });

  it('answers decline or cancel without the form, and cancel when withdrawn', async () => {
    const declined = open();
    declined.press('Decline');
    await expect(declined.card.answer).resolves.toEqual({ action: 'decline' });
    const cancelled = open();
    cancelled.press('Cancel');
    await expect(cancelled.card.answer).resolves.toEqual({ action: 'cancel' });
    const withdrawn = open();
    withdrawn.card.close();
    await expect(withdrawn.card.answer).resolves.toEqual({ action: 'cancel' });
  });

  it('never sends a required choice the person did not make, when the server gave no default', async () => {
    const card = new ElicitationCard({
      serverId: 'surveys',
      message: 'Which region?',
      schema: {
        type: 'object',
        properties: { region: { type: 'string', title: 'Region', enum: ['north', 'south'] } },
        required: ['region'],
      },
    });
    document.body.replaceChildren(card.root);
    const select = card.root.querySelector<HTMLSelectElement>('#mw-elicit-region')!;
    expect(select.value).toBe('');
    expect(select.options[0]?.textContent).toBe('Choose…');
    const accept = [...card.root.querySelectorAll('button')].find(
      (node) => node.textContent === 'Accept',
    )!;
    accept.click();
    expect(card.root.isConnected).toBe(true);
    expect(card.root.querySelector('.mw-elicitation-problems')!.textContent).toContain(
      'Region is required.',
    );
    select.value = 'south';
    accept.click();
    await expect(card.answer).resolves.toEqual({ action: 'accept', content: { region: 'south' } });
  });

  it('warns at a field that asks for a key and hides what is typed; other fields get no warning', () => {
    const card = new ElicitationCard({
      serverId: 'look-alike',
      serverHost: '127.0.0.1:9000',
      message: 'Mapwright needs your API key to go on.',
      schema: {
        type: 'object',
        properties: {
          key: { type: 'string', title: 'Your Mapwright API key' },
          city: { type: 'string', title: 'City' },
        },
      },
    });
    document.body.replaceChildren(card.root);
    expect(card.root.querySelector('.mw-elicitation-from')!.textContent).toBe(
      'The server "look-alike" (127.0.0.1:9000) asks:',
    );
    const key = card.root.querySelector<HTMLInputElement>('#mw-elicit-key')!;
    expect(key.type).toBe('password');
    const warnings = card.root.querySelectorAll('.mw-elicitation-warning');
    expect(warnings).toHaveLength(1);
    expect(key.parentElement!.contains(warnings[0]!)).toBe(true);
    expect(warnings[0]!.textContent).toContain('it is the server "look-alike" that asks');
    expect(card.root.querySelector<HTMLInputElement>('#mw-elicit-city')!.type).toBe('text');
  });
});
