// A publisher in another region names its Converse endpoint in app-config.json (`kind:
// "bedrock-converse"`): the config accepts it and the page's connect-src (what `npm run headers`
// writes) allows that region's host, and no other Bedrock region than the presets' own.
import { describe, expect, it } from 'vitest';
import { connectSources } from '../../../scripts/publish/content-security-policy';
import { validateAppConfig } from '../../../src/config/validate-app-config';
import { defaultLlmSettings } from '../../../src/settings/default-llm-settings';

describe('a Bedrock Converse provider in the app config', () => {
  it('is accepted with its region’s endpoint, which connect-src then allows', () => {
    const { config, problems } = validateAppConfig({
      llm: {
        providers: [
          {
            id: 'bedrock-frankfurt',
            kind: 'bedrock-converse',
            label: 'Claude on Bedrock (Frankfurt)',
            endpoint: 'https://bedrock-runtime.eu-central-1.amazonaws.com',
            models: ['eu.anthropic.claude-sonnet-4-5-20250929-v1:0'],
          },
        ],
        bringYourOwnKey: true,
      },
    });
    expect(problems).toEqual([]);
    expect(config.llm.providers[0]?.kind).toBe('bedrock-converse');
    // Visitors start on the Converse preset in that region, with the publisher's model.
    expect(defaultLlmSettings(config)).toEqual({
      provider: 'bedrock-converse',
      endpoint: 'https://bedrock-runtime.eu-central-1.amazonaws.com',
      model: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const sources = connectSources(config);
    expect(sources).toContain('https://bedrock-runtime.eu-central-1.amazonaws.com');
    // The Converse preset's default region, and the OpenAI-compatible preset's.
    expect(sources).toContain('https://bedrock-runtime.us-east-1.amazonaws.com');
    expect(sources.filter((source) => source.includes('bedrock-runtime')).sort()).toEqual([
      'https://bedrock-runtime.eu-central-1.amazonaws.com',
      'https://bedrock-runtime.us-east-1.amazonaws.com',
      'https://bedrock-runtime.us-west-2.amazonaws.com',
    ]);
  });

  it('refuses a kind no adapter speaks', () => {
    const { problems } = validateAppConfig({
      llm: {
        providers: [{ id: 'x', kind: 'bedrock-invoke', models: ['m'] }],
        bringYourOwnKey: true,
      },
    });
    expect(problems.map((problem) => problem.path).join(' ')).toContain('llm');
  });
});
