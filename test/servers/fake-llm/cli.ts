// `npx tsx test/servers/fake-llm/cli.ts [script.json]`: runs a fake LLM until Ctrl-C and prints its URL.
import { fileURLToPath } from 'node:url';
import { startFakeLlm } from './fake-llm-server';

const script = process.argv[2] ?? fileURLToPath(new URL('./default-script.json', import.meta.url));
const fakeLlm = await startFakeLlm({ script });
console.log(`FAKE_LLM_URL=${fakeLlm.url}`);
const stop = (): void => {
  void fakeLlm.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
