// `npm run precache -- dist`: lists the folder's files in its sw.js again after a change by hand (a
// config edit, a new data file), so visitors who keep the app offline get the change on their next visit.
import { writePrecacheManifest } from './publish/precache-manifest.ts';

const folder = process.argv[2] ?? 'dist';
const manifest = writePrecacheManifest(folder);
process.stdout.write(
  `${folder}/sw.js lists ${manifest.files.length} files, version ${manifest.version}.\n`,
);
